import { expect } from 'chai';
import { checkZipSizes, diagnoseCells, MAX_UNPACKED_BYTES, RATIO_FROM_BYTES, XmlPart } from '../../../server/platform/upload/spreadsheet-guards.js';
import { SheetError } from '../../../server/platform/upload/spreadsheet-guards.js';

/** The text fed to a part's watcher in pieces of `piece` characters, then its end; the refusal's key, or null. */
function watch(text: string, piece: number): string | null {
  const part = new XmlPart('xl/worksheets/sheet1.xml');
  try {
    for (let i = 0; i < text.length; i += piece) part.see(text.slice(i, i + piece));
    part.end();
    return null;
  } catch (err) {
    return (err as SheetError).key;
  }
}

const keyOf = (fn: () => void): string | null => {
  try { fn(); return null; } catch (err) { return (err as SheetError).key; }
};

describe('upload intake: spreadsheet guards (the xlsx checks)', () => {
  it('refuses a DOCTYPE in the prolog and a part cut before its root closes, whatever the pieces', () => {
    const body = '<worksheet xmlns="x"><sheetData><row r="1"/></sheetData></worksheet>';
    for (const piece of [1, 2, 7, 1000]) {
      expect(watch(`\ufeff<?xml version="1.0"?>\r\n<!-- a comment -->${body}<!-- after -->\n`, piece), `piece ${piece}`).to.equal(null);
      expect(watch(`<?xml version="1.0"?><x:worksheet xmlns:x="x"></x:worksheet >`, piece)).to.equal(null);
      expect(watch('<worksheet xmlns="x"/>', piece)).to.equal(null);
      expect(watch(`<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "b">]>${body}`, piece)).to.equal('contacts.import.xlsx.doctype');
      expect(watch(`<!-- <worksheet> -->\n<!doctype worksheet>${body}`, piece)).to.equal('contacts.import.xlsx.doctype');
      expect(watch(body.slice(0, -5), piece)).to.equal('contacts.import.xlsx.xmlBroken');
      expect(watch('text before the root', piece)).to.equal('contacts.import.xlsx.xmlBroken');
      expect(watch('', piece)).to.equal('contacts.import.xlsx.xmlBroken');
      expect(watch(`<!-- ${'x'.repeat(70_000)}`, 4096)).to.equal('contacts.import.xlsx.xmlBroken');
    }
  });

  it('names the cell or row exceljs could not place', () => {
    const key = (xml: string) => diagnoseCells(xml)?.key ?? null;
    const params = (xml: string) => diagnoseCells(xml)?.params;
    expect(key('<row r="2"><c r="A2" t="s"><v>0</v></c><c r="XFD2"/></row>')).to.equal(null);
    expect(key('<x:row r="2"><x:c t="s"><x:v>0</x:v></x:c></x:row>')).to.equal('contacts.import.xlsx.cellNoReference');
    expect(key("<row r='2'><c r='XFE2'/></row>")).to.equal('contacts.import.xlsx.columnPastXfd');
    expect(params('<row r="2"><c r="AAAA2"/></row>')).to.deep.equal({ ref: 'AAAA2' });
    expect(params('<row r="2"><c r="a2"/></row>')).to.deep.equal({ ref: 'a2' });
    expect(key('<row r="2"><c r="A0"/></row>')).to.equal('contacts.import.xlsx.cellBadReference');
    expect(key('<row><c r="A2"/></row>')).to.equal('contacts.import.xlsx.rowNoNumber');
    // Other elements starting with c or row are not cells or rows.
    expect(key('<cols><col min="1"/></cols><rowBreaks/><cfRule/>')).to.equal(null);
    // What exceljs throws that is no cell problem: the part cannot be read; saxes' errors: broken XML.
    const part = new XmlPart('xl/styles.xml');
    part.see('<styleSheet><numFmts>');
    expect((part.refusal(new Error('something else')) as SheetError).key).to.equal('contacts.import.xlsx.unreadable');
    expect((part.refusal(new Error('1:20: unexpected close tag.')) as SheetError).key).to.equal('contacts.import.xlsx.xmlBroken');
  });

  it('judges the directory: the total unpacked, then the ratio of each large entry', () => {
    const entry = (size: number, compressedSize: number) => ({ name: 'xl/worksheets/sheet1.xml', size, compressedSize });
    expect(keyOf(() => checkZipSizes([entry(325 * 1024 ** 2, 52 * 1024 ** 2), entry(31 * 1024 ** 2, 4 * 1024 ** 2)]))).to.equal(null);
    expect(keyOf(() => checkZipSizes([entry(MAX_UNPACKED_BYTES, 100 * 1024 ** 2), entry(1, 1)]))).to.equal('contacts.import.xlsx.unpackedTooLarge');
    expect(keyOf(() => checkZipSizes([entry(RATIO_FROM_BYTES, 1)]))).to.equal(null);
    expect(keyOf(() => checkZipSizes([entry(RATIO_FROM_BYTES + 1, Math.floor(RATIO_FROM_BYTES / 100))]))).to.equal('contacts.import.xlsx.compressionRatio');
    expect(keyOf(() => checkZipSizes([entry(426 * 1024 ** 2, 1_040_000)]))).to.equal('contacts.import.xlsx.compressionRatio');
  });
});
