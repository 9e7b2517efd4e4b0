import { expect } from 'chai';
import { compileBody, compileQuery, toPropertyName } from '../../../server/platform/http/validation.js';
import { AppError } from '../../../server/platform/http/errors.js';

function issues(fn: () => void) {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(AppError);
    return (e as AppError).validationErrors;
  }
  throw new Error('expected a validation error');
}

describe('validation', () => {
  it('writes JSON pointers as property names the client can index', () => {
    expect(toPropertyName('/bulkRecipients/3/mobile')).to.equal('bulkRecipients[3].mobile');
    expect(toPropertyName('', 'userName')).to.equal('userName');
    expect(toPropertyName('/a/0', 'b')).to.equal('a[0].b');
  });

  const bulk = compileBody({
    type: 'object', additionalProperties: false, required: ['bulkRecipients'],
    properties: {
      bulkRecipients: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, required: ['mobile'], properties: { mobile: { type: 'string', format: 'mobile' }, description: { type: 'string', maxLength: 10 } } },
      },
    },
  });

  it('names the offending recipient of a bulk list', () => {
    const found = issues(() => bulk({ bulkRecipients: [{ mobile: '09121234567' }, { mobile: '0912' }, {}, { mobile: '09121234567', description: 'x'.repeat(11), extra: 1 }] }));
    expect(found.map((i) => `${i.propertyName}:${i.key}`)).to.have.members([
      'bulkRecipients[1].mobile:validation.mobile',
      'bulkRecipients[2].mobile:validation.required',
      'bulkRecipients[3].description:validation.maxLength',
      'bulkRecipients[3].extra:validation.unknownField',
    ]);
  });

  it('accepts the usual written forms of an Iranian mobile', () => {
    for (const mobile of ['09121234567', '9121234567', '989121234567', '+989121234567', '00989121234567']) {
      expect(() => bulk({ bulkRecipients: [{ mobile }] })).to.not.throw();
    }
  });

  it('coerces query strings but not bodies', () => {
    const query = compileQuery({ type: 'object', properties: { pageIndex: { type: 'integer', default: 0 }, flag: { type: 'boolean' } }, additionalProperties: false });
    const q: Record<string, unknown> = { flag: 'true' };
    query(q);
    expect(q).to.deep.equal({ flag: true, pageIndex: 0 });
    const body = compileBody({ type: 'object', properties: { n: { type: 'integer' } } });
    expect(issues(() => body({ n: '5' }))[0].key).to.equal('validation.type');
  });
});

describe('validation: the name format (no bidi controls in names)', () => {
  let schema: (value: unknown) => void;
  before(() => {
    schema = compileBody({
      type: 'object', additionalProperties: false,
      properties: { name: { type: 'string', format: 'name' }, alias: { type: ['string', 'null'], format: 'name' }, text: { type: 'string' } },
    });
  });

  it('refuses embeddings, overrides and isolates, naming the field', () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const control of controls) {
      const found = issues(() => schema({ name: `invoice${control}fdp.exe` }));
      expect(found, `U+${control.codePointAt(0)!.toString(16)}`).to.deep.equal([
        { propertyName: 'name', key: 'validation.bidiControl', params: { field: 'name' } },
      ]);
    }
    expect(issues(() => schema({ alias: '\u202Etxt.exe' })).map((i) => i.propertyName)).to.deep.equal(['alias']);
  });

  it('accepts Persian, mixed-script names and the marks Persian typing inserts (LRM, RLM, ALM, ZWNJ)', () => {
    for (const name of ['شرکت پیک', 'Peyk شرکت ۱۲', 'می\u200Cخواهم', 'C++\u200F کلاس', 'ABC\u200E', '\u061C۱۲۳', 'O\'Brien & Co.']) {
      expect(() => schema({ name }), JSON.stringify(name)).to.not.throw();
    }
    expect(() => schema({ alias: null })).to.not.throw();
  });

  it('leaves fields without the format alone (message texts may carry any character)', () => {
    expect(() => schema({ text: '\u202Eسلام\u202C' })).to.not.throw();
  });
});
