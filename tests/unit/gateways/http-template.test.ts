import { expect } from 'chai';
import {
  buildRequest,
  formatRecipient,
  mapSubmitResponse,
  parsePath,
  placeholdersIn,
  readInbound,
  readPath,
  readPushedBody,
  readReports,
  substituteJson,
  substituteText,
  type RequestTemplate,
  type ResponseMapping,
  type TemplateValues,
} from '../../../server/gateways/http-template.js';

const persian = 'سلام، کد شما ۱۲۳ است';

const values: TemplateValues = {
  to: '09121234567',
  from: '30001234',
  text: persian,
  id: 'm-1',
  flash: false,
  parts: 2,
  encoding: 'ucs2',
  toList: ['09121111111', '09122222222'],
  apiKey: 'k/ey?&=',
};

describe('http-template: placeholders', function () {
  it('puts a whole-string placeholder into JSON as its typed value', function () {
    const out = substituteJson({ to: '{to}', parts: '{parts}', flash: '{flash}', mobiles: '{toList}', nested: [{ t: '{text}' }] }, values);
    expect(out).to.deep.equal({ to: '09121234567', parts: 2, flash: false, mobiles: ['09121111111', '09122222222'], nested: [{ t: persian }] });
  });

  it('never lets a text break out of its JSON string', function () {
    const hostile = '", "admin": true, "x": "';
    const built = buildRequest({ method: 'POST', url: 'https://p.example/send', bodyType: 'json', body: { message: '{text}', note: 'says {text}' } }, { ...values, text: hostile });
    const parsed = JSON.parse(built.body!) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).to.deep.equal(['message', 'note']);
    expect(parsed.message).to.equal(hostile);
    expect(parsed.note).to.equal(`says ${hostile}`);
  });

  it('casts with |number and |string, joins lists inside a longer string, and leaves unknown braces alone', function () {
    expect(substituteJson({ line: '{from|number}', p: '{parts|string}' }, values)).to.deep.equal({ line: 30001234, p: '2' });
    expect(substituteJson('{from|number}', { from: 'ABC' }), 'not a number stays text').to.equal('ABC');
    expect(substituteText('to {toList}!', values)).to.equal('to 09121111111,09122222222!');
    expect(substituteText('{"literal": {unknown}}', values)).to.equal('{"literal": {unknown}}');
    expect(substituteJson({ '{to}': 'key stays' }, values)).to.deep.equal({ '{to}': 'key stays' });
  });

  it('lists the placeholders a template names', function () {
    const names = placeholdersIn({ url: 'https://x/{apiKey}', body: { a: '{toList}', b: ['{text|string}'] } });
    expect([...names].sort()).to.deep.equal(['apiKey', 'text', 'toList']);
  });

  it('percent-encodes URL placeholders and query fields, Persian included', function () {
    const template: RequestTemplate = { method: 'GET', url: 'https://api.example/v1/{apiKey}/send.json', bodyType: 'query', body: { receptor: '{toList}', message: '{text}' } };
    const built = buildRequest(template, values);
    const url = new URL(built.url);
    expect(url.pathname).to.equal('/v1/k%2Fey%3F%26%3D/send.json');
    expect(url.searchParams.get('receptor')).to.equal('09121111111,09122222222');
    expect(url.searchParams.get('message')).to.equal(persian);
    expect(built.body).to.equal(undefined);
  });

  it('form-encodes a form body and sets its content type unless a header says otherwise', function () {
    const built = buildRequest({ method: 'POST', url: 'https://p.example/send', bodyType: 'form', body: { to: '{toList}', text: '{text}', flash: '{flash}' } }, values);
    expect(built.headers['content-type']).to.match(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(built.body);
    expect(form.get('to')).to.equal('09121111111,09122222222');
    expect(form.get('text')).to.equal(persian);
    expect(form.get('flash')).to.equal('false');
    const custom = buildRequest({ method: 'POST', url: 'https://p.example/send', headers: { 'Content-Type': 'application/json' }, bodyType: 'json', body: {} }, values);
    expect(custom.headers['content-type']).to.equal('application/json');
  });

  it('fills headers, dropping line breaks a value could use to add a header', function () {
    const built = buildRequest({ method: 'POST', url: 'https://p.example/', headers: { Authorization: 'Bearer {apiKey}' }, bodyType: 'none' }, { apiKey: 'abc\r\nX-Evil: 1' });
    expect(built.headers).to.deep.equal({ authorization: 'Bearer abc X-Evil: 1' });
  });

  it('refuses a template that cannot make a request', function () {
    expect(() => buildRequest({ method: 'GET', url: 'https://p.example/', bodyType: 'json', body: {} }, values)).to.throw(/GET/);
    expect(() => buildRequest({ method: 'POST', url: 'ftp://p.example/', bodyType: 'none' }, values)).to.throw(/http/);
    expect(() => buildRequest({ method: 'POST', url: '{nothing}', bodyType: 'none' }, values)).to.throw();
  });

  it('formats recipients as the provider wants them', function () {
    expect(formatRecipient('989121234567', 'international')).to.equal('989121234567');
    expect(formatRecipient('989121234567', 'plus')).to.equal('+989121234567');
    expect(formatRecipient('989121234567', 'zero')).to.equal('09121234567');
    expect(formatRecipient('447700900123', 'zero'), 'only Iranian numbers have the 0 form').to.equal('447700900123');
  });
});

describe('http-template: paths', function () {
  const doc = { return: { status: 200 }, entries: [{ messageid: 11, d: { x: [1, 2] } }, { messageid: 12, d: { x: [3] } }], data: { messageIds: ['a', 'b'] } };

  it('reads dotted and indexed paths', function () {
    expect(readPath(doc, 'return.status')).to.equal(200);
    expect(readPath(doc, 'entries[1].messageid')).to.equal(12);
    expect(readPath(doc, 'data.messageIds[0]')).to.equal('a');
    expect(readPath(doc, '$')).to.equal(doc);
    expect(readPath(doc, '')).to.equal(doc);
    expect(readPath('plain', '$')).to.equal('plain');
  });

  it('maps over an array with [*] and flattens nested ones', function () {
    expect(readPath(doc, 'entries[*].messageid')).to.deep.equal([11, 12]);
    expect(readPath(doc, 'entries[*].d.x[*]')).to.deep.equal([1, 2, 3]);
  });

  it('answers undefined for what is not there', function () {
    expect(readPath(doc, 'return.missing.deeper')).to.equal(undefined);
    expect(readPath(doc, 'entries[5].messageid')).to.equal(undefined);
    expect(readPath(doc, 'return[0]')).to.equal(undefined);
    expect(readPath({ a: 1 }, 'toString')).to.equal(undefined);
  });

  it('refuses a malformed path', function () {
    for (const bad of ['a..b', 'a[', 'a[x]', '.a', 'a.']) expect(() => parsePath(bad), bad).to.throw(/path/);
    expect(parsePath('a.b[0][*].c')).to.deep.equal([{ key: 'a' }, { key: 'b' }, { index: 0 }, { all: true }, { key: 'c' }]);
  });
});

describe('http-template: submit answers', function () {
  const mapping: ResponseMapping = {
    successPath: 'return.status',
    successValues: [200],
    idPath: 'entries[*].messageid',
    errorCodePath: 'return.status',
    errorTextPath: 'return.message',
    retryCodes: ['409'],
    refusedCodes: ['414'],
    codeMap: { '418': 'NotEnoughBalance', '401': 'InvalidCredentials' },
  };
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

  it('reads the provider ids of an accepted request, one per message in order', function () {
    const answer = json(200, { return: { status: 200 }, entries: [{ messageid: 8792343 }, { messageid: 8792344 }] });
    expect(mapSubmitResponse(answer, mapping, 2, false)).to.deep.equal({ status: 'accepted', providerIds: ['8792343', '8792344'] });
  });

  it('treats any 2xx as success when no success path is given, and can read a plain-text id', function () {
    expect(mapSubmitResponse({ status: 201, body: ' 123456\n' }, { idPath: '$' }, 1, false)).to.deep.equal({ status: 'accepted', providerIds: ['123456'] });
  });

  it('answers an unreadable success as final, or as transient only for an idempotent provider', function () {
    const answer = json(200, { return: { status: 200 }, entries: [{ messageid: 1 }] });
    expect(mapSubmitResponse(answer, mapping, 2, false)).to.include({ status: 'rejected', code: 'UnreadableAnswer' });
    expect(mapSubmitResponse(answer, mapping, 2, true)).to.include({ status: 'transient', code: 'UnreadableAnswer' });
    expect(mapSubmitResponse(json(200, { return: { status: 200 }, entries: [{ messageid: '' }] }), mapping, 1, false)).to.include({ code: 'UnreadableAnswer' });
  });

  it('maps refusal codes, with the provider text in the message', function () {
    const out = mapSubmitResponse(json(418, { return: { status: 418, message: 'اعتبار کافی نیست' } }), mapping, 1, false);
    expect(out).to.deep.equal({ status: 'rejected', code: 'NotEnoughBalance', message: '418: اعتبار کافی نیست' });
    expect(mapSubmitResponse(json(200, { return: { status: 414 } }), mapping, 1, false)).to.include({ status: 'rejected', code: '414' });
  });

  it('answers try-again codes, 5xx and 429 as transient', function () {
    expect(mapSubmitResponse(json(409, { return: { status: 409 } }), mapping, 1, false)).to.include({ status: 'transient', code: '409' });
    expect(mapSubmitResponse({ status: 502, body: 'bad gateway' }, mapping, 3, false)).to.include({ status: 'transient', code: 'Http502' });
    expect(mapSubmitResponse({ status: 429, body: '' }, mapping, 1, false)).to.include({ status: 'transient', code: 'Throttled' });
  });

  it('maps an HTTP status by itself, and answers other 4xx InvalidRequest', function () {
    expect(mapSubmitResponse({ status: 401, body: 'no' }, mapping, 1, false)).to.include({ status: 'rejected', code: 'InvalidCredentials' });
    expect(mapSubmitResponse({ status: 400, body: '<html>bad</html>' }, mapping, 1, false)).to.include({ status: 'rejected', code: 'InvalidRequest' });
    expect(mapSubmitResponse(json(422, { return: { status: 422 } }), mapping, 1, false)).to.include({ status: 'rejected', code: 'InvalidRequest' });
  });

  it('keeps an unknown failure code of a 2xx answer as the provider gave it', function () {
    expect(mapSubmitResponse(json(200, { return: { status: 607, message: 'tag' } }), mapping, 1, false)).to.deep.equal({ status: 'rejected', code: '607', message: '607: tag' });
  });
});

describe('http-template: reports and inbound', function () {
  const at = new Date('2026-01-01T00:00:00Z');
  const statusMap = { '10': 'delivered', '11': 'undelivered', '4': 'pending' } as const;

  it('reads a list of JSON reports, skipping statuses it does not know', function () {
    const tree = { entries: [{ messageid: 1, status: 10 }, { messageid: 2, status: 4 }, { messageid: 3, status: 99 }, { status: 10 }] };
    const read = readReports(tree, { itemsPath: 'entries', idPath: 'messageid', statusPath: 'status', statusMap }, at);
    expect(read.reports.map((r) => [r.providerId, r.state, r.providerStatus])).to.deep.equal([['1', 'delivered', '10'], ['2', 'pending', '4']]);
    expect(read.reports[0]!.at).to.equal(at);
    expect(read.unknownStatuses).to.deep.equal(['99']);
  });

  it('pairs repeated form fields into one report each', function () {
    const tree = readPushedBody({ method: 'POST', query: {}, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('messageid=1&status=10&messageid=2&status=11') });
    const read = readReports(tree, { idPath: 'messageid', statusPath: 'status', statusMap }, at);
    expect(read.reports.map((r) => [r.providerId, r.state])).to.deep.equal([['1', 'delivered'], ['2', 'undelivered']]);
    const uneven = readPushedBody({ method: 'POST', query: {}, headers: {}, body: Buffer.from('messageid=1&messageid=2&status=10') });
    expect(readReports(uneven, { idPath: 'messageid', statusPath: 'status', statusMap }, at).reports).to.deep.equal([]);
  });

  it('reads a GET call from its query, and refuses bodies it cannot parse', function () {
    expect(readPushedBody({ method: 'GET', query: { messageid: '5', status: '10' }, headers: {}, body: Buffer.alloc(0) })).to.deep.equal({ messageid: '5', status: '10' });
    expect(readPushedBody({ method: 'POST', query: {}, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"broken"') })).to.equal(null);
    expect(readPushedBody({ method: 'POST', query: {}, headers: { 'content-type': 'application/xml' }, body: Buffer.from('<x/>') })).to.equal(null);
    expect(readPushedBody({ method: 'POST', query: {}, headers: {}, body: Buffer.alloc(0) })).to.equal(null);
    expect(readPushedBody({ method: 'POST', query: {}, headers: { 'content-type': 'application/json' }, body: Buffer.from('"just a string"') })).to.equal(null);
  });

  it('reads inbound messages, Persian text intact', function () {
    const tree = { messages: [{ from: '989121234567', to: '30001234', body: persian, id: 77 }, { from: 'x' }] };
    const read = readInbound(tree, { itemsPath: 'messages', fromPath: 'from', toPath: 'to', textPath: 'body', idPath: 'id' }, at);
    expect(read).to.have.length(1);
    expect(read[0]).to.deep.include({ from: '989121234567', to: '30001234', text: persian, providerId: '77', at });
  });
});
