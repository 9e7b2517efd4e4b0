import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import {
  controlOf, draftFromExample, draftOf, examplesOf, setDraft, textsOf, valueOf, type Draft, type JsonSchema,
} from '../../../client/src/shared/ui/form/schema-form-logic.js';
import { loadGatewayPlugins, pluginsDirFor, validateOptions } from '../../../server/gateways/plugin-loader.js';
import { optionsSchema as emailSchema } from '../../../plugins/email/index.js';
import { plugin as httpPlugin } from '../../../plugins/http/index.js';
import { plugin as smppPlugin } from '../../../plugins/smpp/index.js';

const schema: JsonSchema = {
  type: 'object',
  required: ['host'],
  properties: {
    host: { type: 'string' },
    password: { type: 'string', writeOnly: true },
    port: { type: 'integer', minimum: 1, maximum: 65535, default: 587 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    secure: { type: 'boolean', default: false },
    mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
    level: { enum: [1, 2] },
    codes: { type: 'array', items: { type: 'string' }, default: ['X', 'Y'] },
    pairs: { type: 'array', items: { type: 'object' } },
    tls: { type: 'object', properties: { ca: { type: 'string' }, verify: { type: 'boolean', default: true } } },
    nullable: { type: ['string', 'null'] },
  },
};

describe('client: the JSON-Schema form logic', () => {
  it('picks a control per property kind', () => {
    const kinds = Object.fromEntries(Object.entries(schema.properties!).map(([k, p]) => [k, controlOf(p)]));
    expect(kinds).to.deep.equal({
      host: 'text', password: 'secret', port: 'integer', ratio: 'number', secure: 'boolean', mode: 'enum', level: 'enum',
      codes: 'lines', pairs: 'json', tls: 'object', nullable: 'text',
    });
  });

  it('pre-fills defaults, keeps given values and round-trips them', () => {
    const draft = draftOf(schema, { host: 'smtp.test', password: '***', pairs: [{ a: 1 }], level: 2 });
    expect(draft).to.deep.include({ host: 'smtp.test', password: '***', port: '587', secure: false, mode: 'a', level: '2', codes: 'X\nY', ratio: '' });
    expect(draft.tls).to.deep.equal({ ca: '', verify: true });
    const { value, issues } = valueOf(schema, draft);
    expect(issues).to.deep.equal([]);
    // Empty optional fields are left out (the plugin's defaults apply), and so is the optional `tls`
    // group still at its defaults; the masked secret goes back as is.
    expect(value).to.deep.equal({ host: 'smtp.test', password: '***', port: 587, secure: false, mode: 'a', level: 2, codes: ['X', 'Y'], pairs: [{ a: 1 }] });
    expect(valueOf(schema, setDraft(draft, 'tls.verify', false)).value.tls).to.deep.equal({ verify: false });
  });

  it('finds required, number, range and JSON problems by field path', () => {
    let draft = draftOf(schema, {});
    draft = setDraft(draft, 'port', '70000');
    draft = setDraft(draft, 'ratio', 'abc');
    draft = setDraft(draft, 'pairs', '[{');
    draft = setDraft(draft, 'tls.ca', 'PEM');
    const { value, issues } = valueOf(schema, draft);
    expect(issues.map((i) => [i.path, i.key])).to.deep.equal([
      ['host', 'validation.required'], ['port', 'validation.maxValue'], ['ratio', 'validation.number'], ['pairs', 'validation.json'],
    ]);
    expect(value.tls).to.deep.equal({ ca: 'PEM', verify: true });
  });

  it('leaves out an optional group still at its defaults, but checks one that was started', () => {
    const grouped: JsonSchema = {
      type: 'object',
      properties: {
        inbound: {
          type: 'object',
          properties: { fromPath: { type: 'string' }, textPath: { type: 'string' }, batch: { type: 'integer', default: 100 } },
          required: ['fromPath', 'textPath'],
        },
        request: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
      },
      required: ['request'],
    };
    const empty = valueOf(grouped, draftOf(grouped, {}));
    expect(empty.issues.map((i) => i.path)).to.deep.equal(['request.url']);
    expect(empty.value).to.deep.equal({ request: {} });
    const started = valueOf(grouped, setDraft(draftOf(grouped, { request: { url: 'https://x' } }), 'inbound.fromPath', 'from'));
    expect(started.issues.map((i) => i.path)).to.deep.equal(['inbound.textPath']);
  });

  it('reads Persian digits and refuses a fraction for an integer', () => {
    const draft = setDraft(setDraft(draftOf(schema, { host: 'h' }), 'port', '۲۵'), 'ratio', '0.5');
    expect(valueOf(schema, draft).value).to.include({ port: 25, ratio: 0.5 });
    expect(valueOf(schema, setDraft(draft, 'port', '2.5')).issues.map((i) => i.key)).to.deep.equal(['validation.integer']);
  });

  it('renders the email plugin options: the password as a secret input', () => {
    const email = emailSchema as JsonSchema;
    expect(controlOf(email.properties!.password!)).to.equal('secret');
    const draft = draftOf(email, {});
    expect(draft).to.include({ port: '587', toTemplate: '{to}@gateway.example', requireTls: false });
    expect(valueOf(email, draft).issues.map((i) => i.path)).to.deep.equal(['host', 'from']);
  });

  describe('texts in the panel language', () => {
    const both: JsonSchema = { type: 'string', title: 'Port', description: 'The port.', 'x-title-fa': 'پورت', 'x-description-fa': 'شماره پورت.' };

    it('shows the Persian pair in Persian and the English pair otherwise', () => {
      expect(textsOf(both, 'port', 'fa')).to.deep.equal({ label: 'پورت', hint: 'شماره پورت.' });
      expect(textsOf(both, 'port', 'fa-IR')).to.deep.equal({ label: 'پورت', hint: 'شماره پورت.' });
      expect(textsOf(both, 'port', 'en')).to.deep.equal({ label: 'Port', hint: 'The port.' });
      // Any language that is not Persian reads English (the panel knows only these two).
      expect(textsOf(both, 'port', 'de')).to.deep.equal({ label: 'Port', hint: 'The port.' });
    });

    it('falls back to English, then to the property name, each text on its own', () => {
      expect(textsOf({ type: 'string', title: 'Port', 'x-description-fa': 'شماره پورت.' }, 'port', 'fa')).to.deep.equal({ label: 'Port', hint: 'شماره پورت.' });
      expect(textsOf({ type: 'string', 'x-title-fa': '  ', description: 'The port.' }, 'port', 'fa')).to.deep.equal({ label: 'port', hint: 'The port.' });
      expect(textsOf({ type: 'string' }, 'port', 'fa')).to.deep.equal({ label: 'port', hint: undefined });
      // English never shows the Persian text, even when it is the only one.
      expect(textsOf({ type: 'string', 'x-title-fa': 'پورت' }, 'port', 'en')).to.deep.equal({ label: 'port', hint: undefined });
    });

    it('labels the SMPP options in Persian with the protocol names kept in Latin', () => {
      const smpp = smppPlugin.optionsSchema as JsonSchema;
      const systemId = textsOf(smpp.properties!.systemId!, 'systemId', 'fa');
      expect(systemId.label).to.match(/[\u0600-\u06FF]/).and.to.contain('system_id');
      expect(systemId.label).not.to.contain('|');
      expect(textsOf(smpp.properties!.systemId!, 'systemId', 'en').label).to.equal('System id');
      // Nested mappings of the HTTP plugin are translated too.
      const http = httpPlugin.optionsSchema as JsonSchema;
      expect(textsOf(http.properties!.request!.properties!.url!, 'url', 'fa').label).to.match(/[\u0600-\u06FF]/);
    });
  });

  describe('starting from an example (presets)', () => {
    const withExamples: JsonSchema = {
      type: 'object',
      properties: {
        preset: { type: 'string' },
        url: { type: 'string' },
        apiKey: { type: 'string', writeOnly: true },
        auth: { type: 'object', properties: { user: { type: 'string' }, token: { type: 'string', writeOnly: true } } },
        retries: { type: 'integer', default: 3 },
      },
      examples: [
        { preset: 'alpha', url: 'https://a.example/send', apiKey: 'leaked', auth: { user: 'u', token: 'leaked too' } },
        { url: 'https://b.example/send', retries: 5 },
        'not an object',
        [1, 2],
      ],
    };

    it('lists the object examples with their preset name, or none, keeping their index', () => {
      expect(examplesOf(withExamples).map((e) => [e.index, e.name])).to.deep.equal([[0, 'alpha'], [1, null]]);
      expect(examplesOf({ type: 'object', properties: {} })).to.deep.equal([]);
    });

    it('fills the draft from the example but never takes a secret from it', () => {
      const [alpha, bravo] = examplesOf(withExamples);
      const fresh = draftFromExample(withExamples, alpha!.value);
      expect(fresh).to.deep.equal({ preset: 'alpha', url: 'https://a.example/send', apiKey: '', auth: { user: 'u', token: '' }, retries: '3' });
      expect(draftFromExample(withExamples, bravo!.value)).to.include({ url: 'https://b.example/send', retries: '5', preset: '' });
    });

    it('keeps the secrets the form already holds (typed, or the mask of a saved agent)', () => {
      const current: Draft = { url: 'https://old.example', apiKey: '***', auth: { user: 'old', token: 'typed' }, retries: '9' };
      const next = draftFromExample(withExamples, examplesOf(withExamples)[0]!.value, current);
      expect(next).to.deep.equal({ preset: 'alpha', url: 'https://a.example/send', apiKey: '***', auth: { user: 'u', token: 'typed' }, retries: '3' });
    });

    it('turns every HTTP and voice preset into a form the panel can send as it is', async function () {
      this.timeout(30_000);
      const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
      const { plugins } = await loadGatewayPlugins(pluginsDirFor(rootDir), pino({ level: 'silent' }));
      for (const name of ['http', 'voice']) {
        const loaded = plugins.get(name)!;
        const schema = loaded.plugin.optionsSchema as JsonSchema;
        const examples = examplesOf(schema);
        expect(examples.length, name).to.be.greaterThan(0);
        for (const example of examples) {
          const { value, issues } = valueOf(schema, draftFromExample(schema, example.value));
          expect(issues, `${name} ${example.name}`).to.deep.equal([]);
          // The plugin gets the preset itself once its defaults apply (empty lists are left out of
          // the form's value), except that success values are edited one per line and come back as
          // text, which is how the engine compares them anyway (String(flag)).
          const expected = structuredClone(example.value) as { response: { successValues?: unknown[] } };
          if (expected.response.successValues) expected.response.successValues = expected.response.successValues.map(String);
          expect(validateOptions(loaded, value), `${name} ${example.name}`).to.deep.equal(validateOptions(loaded, expected));
          expect(validateOptions(loaded, value).ok).to.equal(true);
        }
      }
    });

    it('offers the HTTP plugin presets, Kavenegar among them, and its URL fills the form', () => {
      const http = httpPlugin.optionsSchema as JsonSchema;
      const kavenegar = examplesOf(http).find((e) => e.name === 'kavenegar');
      expect(kavenegar, 'kavenegar preset').to.not.equal(undefined);
      const draft = draftFromExample(http, kavenegar!.value);
      expect((draft.request as Draft).url).to.equal('https://api.kavenegar.com/v1/{apiKey}/sms/send.json');
      expect(draft.preset).to.equal('kavenegar');
      expect(draft.apiKey).to.equal('');
      expect(valueOf(http, draft).issues).to.deep.equal([]);
    });
  });
});
