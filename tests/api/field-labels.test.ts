import { expect } from 'chai';
import { sharedServer, sharedApi } from '../support/fixtures.js';
import { fieldLabels } from '../../server/platform/field-labels.js';
import type { TestServer } from '../support/test-server.js';

/** Every property name a JSON schema names, however deep (items, anyOf branches, nested objects). */
function propertyNames(schema: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(schema)) { for (const s of schema) propertyNames(s, out); return out; }
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Record<string, unknown>;
  if (s.properties && typeof s.properties === 'object') {
    for (const [name, sub] of Object.entries(s.properties)) { out.add(name); propertyNames(sub, out); }
  }
  for (const k of ['items', 'anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'not', 'additionalProperties', 'patternProperties']) propertyNames(s[k], out);
  return out;
}

/**
 * Issue 23 item 5: a validation message names the field by its label in the reader's language
 * ("وارد کردن عنوان الزامی است"), so every property a route accepts needs one; a new field brings
 * its label to server/platform/field-labels.ts or this fails naming it and its route.
 */
describe('Field labels (validation messages name fields in the user\'s language)', function () {
  this.timeout(60_000);
  let server: TestServer;

  before(async () => { server = await sharedServer(); });

  it('has a Persian and an English label for every property of every route schema', () => {
    const missing: string[] = [];
    let names = 0;
    for (const r of server.peyk.apiRoutes) {
      for (const part of ['body', 'query', 'params'] as const) {
        for (const name of propertyNames(r.route[part], new Set())) {
          names += 1;
          const label = Object.hasOwn(fieldLabels, name) ? fieldLabels[name] : undefined;
          if (!label?.fa || !label.en) missing.push(`${name} (${r.route.method} ${r.path} ${part})`);
          else if (/[A-Za-z]{2,}/.test(label.fa.replace(/\b(SMPP|SMS|API|OTP|IP|UDH|BTS|SLA|IBAN|c-org-id)\b/g, ''))) missing.push(`${name}: Persian label "${label.fa}" is not Persian`);
        }
      }
    }
    expect(names).to.be.greaterThan(300);
    expect([...new Set(missing)]).to.deep.equal([]);
  });

  it('answers a missing field by its label in Persian and English', async () => {
    const api = await sharedApi();
    const fa = await api.post('Account/Login', { userName: 'someone' }, { culture: 'fa' });
    expect(fa.status).to.equal(400);
    expect(fa.body.validationErrors).to.deep.include({ propertyName: 'password', message: 'وارد کردن رمز عبور الزامی است.' });
    const en = await api.post('Account/Login', { userName: 'someone' }, { culture: 'en-US' });
    expect(en.body.validationErrors).to.deep.include({ propertyName: 'password', message: 'The Password field is required.' });
  });
});
