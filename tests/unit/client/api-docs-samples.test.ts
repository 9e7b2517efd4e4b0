import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  curlSample, inLanguage, KEY_PLACEHOLDER, nodeSample, phpSample, phpValue, requestOf, shellQuote, v1Operations, type OpenApiDoc, type SampleInput,
} from '../../../client/src/features/developer/api-docs-samples.js';

const run = promisify(execFile);

const doc: OpenApiDoc = {
  paths: {
    '/Users/GetAll': { get: { operationId: 'get_Users_GetAll', summary: 'Users GetAll' } },
    '/v1/messages/send': {
      post: {
        operationId: 'post_v1_messages_send', summary: 'Send one message', 'x-summary-fa': 'ارسال یک پیامک',
        description: 'One text.\n\nفارسی: یک متن.\n\nAuthenticated by `apiKey`.', 'x-description-fa': 'یک متن.',
        parameters: [{ $ref: '#/components/parameters/culture' }],
        requestBody: { content: { 'application/json': {
          schema: { $ref: '#/components/schemas/post_v1_messages_send_body' },
          examples: { fa: { summary: 'fa', value: { to: '0912', text: 'سلام', line: 2 } }, en: { summary: 'en', value: { to: '0912', text: "It's 1234", line: 2 } } },
        } } },
        responses: { 200: { content: { 'application/json': { examples: { en: { value: { isSucceed: true, data: { id: 1 } } } } } } } },
      },
    },
    '/v1/messages/{id}': {
      get: {
        operationId: 'get_v1_messages_by_id',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 }, example: 1024 }, { name: 'pageSize', in: 'query', schema: { type: 'integer', default: 100 }, example: 50 }],
      },
    },
  },
  components: { schemas: { post_v1_messages_send_body: {
    type: 'object', required: ['to', 'text', 'line'],
    properties: {
      to: { type: 'string', maxLength: 40, description: 'Mobile number. / شمارهٔ موبایل.' },
      text: { type: 'string', maxLength: 5000 },
      line: { type: 'integer', minimum: 1, maximum: 9 },
      messages: { type: 'array', items: { type: 'object', required: ['to'], properties: { to: { type: 'string' } } } },
    },
  } } },
};

const input = (over: Partial<SampleInput> = {}): SampleInput => ({ apiBase: 'https://panel.example/api/', apiKey: '', line: 7, language: 'en', ...over });

describe('client: REST API page samples (api-docs-samples)', () => {
  it('lists only /v1/ operations, with both summaries, fields from the body schema and the example values', () => {
    const ops = v1Operations(doc);
    expect(ops.map((o) => `${o.method} ${o.path}`)).to.deep.equal(['POST /v1/messages/send', 'GET /v1/messages/{id}']);
    const [send, get] = ops;
    expect(send!.summary).to.deep.equal({ en: 'Send one message', fa: 'ارسال یک پیامک' });
    expect(send!.description).to.deep.equal({ en: 'One text.', fa: 'یک متن.' });
    expect(send!.fields.map((f) => `${f.in}:${f.name}:${f.required}`)).to.deep.equal(['body:to:true', 'body:text:true', 'body:line:true', 'body:messages:false', 'body:messages[].to:true']);
    expect(send!.fields.find((f) => f.name === 'line')!.rules).to.equal('1..9');
    expect(send!.answer).to.deep.equal({ isSucceed: true, data: { id: 1 } });
    expect(get!.fields.map((f) => `${f.in}:${f.name}`)).to.deep.equal(['path:id', 'query:pageSize']);
    expect(get!.summary.en).to.equal('GET /v1/messages/{id}');
  });

  it('builds the request from the panel address, the user\'s line and the example in the page language', () => {
    const [send, get] = v1Operations(doc);
    expect(requestOf(send!, input())).to.deep.equal({ method: 'POST', url: 'https://panel.example/api/v1/messages/send', body: { to: '0912', text: "It's 1234", line: 7 } });
    expect(requestOf(send!, input({ language: 'fa', line: null })).body).to.deep.equal({ to: '0912', text: 'سلام', line: 2 });
    expect(requestOf(get!, input()).url).to.equal('https://panel.example/api/v1/messages/1024?pageSize=50');
  });

  it('quotes for the shell so that the text arrives as written', async () => {
    const text = `it's "quoted" $HOME \`x\` \\ سلام`;
    const { stdout } = await run('sh', ['-c', `printf %s ${shellQuote(text)}`]);
    expect(stdout).to.equal(text);
    const [send] = v1Operations(doc);
    const curl = curlSample(send!, input());
    expect(curl).to.contain(`-H 'x-api-key: ${KEY_PLACEHOLDER}'`);
    expect(curlSample(send!, input({ apiKey: 'pk_abc' }))).to.contain(`-H 'x-api-key: pk_abc'`).and.to.not.contain(KEY_PLACEHOLDER);
    // The body the shell hands to curl is the JSON of the request.
    const data = curl.split('--data-raw ')[1]!;
    const { stdout: body } = await run('sh', ['-c', `printf %s ${data}`]);
    expect(JSON.parse(body)).to.deep.equal({ to: '0912', text: "It's 1234", line: 7 });
  });

  it('writes a Node sample that is valid JavaScript and a PHP sample with an array body', () => {
    const [send, get] = v1Operations(doc);
    const node = nodeSample(send!, input({ apiKey: "pk_'x" }));
    // Parses as a module (top-level await): compiled, not run.
    expect(() => new Function(`return (async () => {${node}\n});`)).to.not.throw();
    expect(node).to.contain(`'x-api-key': 'pk_\\'x'`).and.to.contain('"line": 7');
    expect(nodeSample(get!, input())).to.not.contain('body:');
    const php = phpSample(send!, input());
    expect(php).to.match(/^<\?php/).and.to.contain("CURLOPT_CUSTOMREQUEST => 'POST'").and.to.contain("'text' => 'It\\'s 1234',").and.to.contain('JSON_UNESCAPED_UNICODE');
    expect(phpValue({})).to.equal('new stdClass()');
    expect(phpValue([1, 'a', null, true])).to.equal("[\n    1,\n    'a',\n    null,\n    true,\n]");
  });

  it('picks the part of a bilingual one-liner in the page language', () => {
    expect(inLanguage('Mobile number. / شمارهٔ موبایل.', true)).to.equal('شمارهٔ موبایل.');
    expect(inLanguage('Mobile number. / شمارهٔ موبایل.', false)).to.equal('Mobile number.');
    expect(inLanguage('a / b', true)).to.equal('a / b');
  });
});
