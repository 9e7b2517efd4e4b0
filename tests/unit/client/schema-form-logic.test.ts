import { expect } from 'chai';
import { controlOf, draftOf, setDraft, valueOf, type JsonSchema } from '../../../client/src/shared/ui/form/schema-form-logic.js';
import { optionsSchema as emailSchema } from '../../../plugins/email/index.js';

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
    // Empty optional fields are left out (the plugin's defaults apply); the masked secret goes back as is.
    expect(value).to.deep.equal({ host: 'smtp.test', password: '***', port: 587, secure: false, mode: 'a', level: 2, codes: ['X', 'Y'], pairs: [{ a: 1 }], tls: { verify: true } });
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
});
