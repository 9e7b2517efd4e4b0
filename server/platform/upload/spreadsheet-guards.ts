/**
 * The upload intake's spreadsheet guards: what an uploaded .xlsx must be before and while it is
 * read, so that a file no spreadsheet program writes is refused with a message naming the problem
 * (400 on `file`), never a 500, and a zip bomb is refused before it is unpacked (the unpacked total
 * and the compression ratio from the zip's directory, each part's size while inflating, the sheet's
 * columns up to XFD). The xlsx reader (contacts' `contact-import.xlsx-reader.ts`, the one reader of
 * users' spreadsheets: the phonebook import and the P2P send's file) calls them. The message keys
 * (`contacts.import.xlsx.*`) are the ones the panel has always shown; their texts live with the
 * contacts module's messages.
 */

/** A spreadsheet refused for what it is (a message key and its parameters): 400 on `file` at an upload. */
export class SheetError extends Error {
  constructor(readonly key: string, readonly params: Record<string, unknown> = {}) {
    super(key);
  }
}

/**
 * All entries of the zip together, as its directory declares them. The bench's million-row file
 * (58 MB, `npm run bench:import`) unpacks to ~360 MB (sheet ~325 MB, shared strings ~31 MB): a
 * legitimate file of three times that still passes; 20 GB from a 200 MB upload does not.
 */
export const MAX_UNPACKED_BYTES = 1024 ** 3;
/**
 * Inflated bytes per compressed byte an entry may have. Real sheets measured 6:1 (the bench's rows)
 * to 12:1 (one row repeated 100,000 times); deflate's ceiling is ~1,000:1, which is where bombs
 * live (F4: 1.04 MB → 426 MB, 410:1).
 */
export const MAX_COMPRESSION_RATIO = 100;
/**
 * The ratio is judged only for entries unpacking past this: what a bomb costs is the inflated XML
 * parsed (F4: 85 s for 426 MB), and a smaller entry may legitimately be repetitive (a long note
 * repeated on 3,000 rows compresses past 100:1: the readers' unit test has one). 64 MB is
 * ~200,000 rows; a 640 KB upload cannot make the server parse more.
 */
export const RATIO_FROM_BYTES = 64 * 1024 ** 2;

/** The last column a sheet can have (XFD). */
const MAX_COLUMN = 16_384;
/** Characters of a part before its root element (the XML declaration, comments); more is no workbook. */
const MAX_PROLOG = 64 * 1024;

export interface ZipSizes {
  name: string;
  compressedSize: number;
  size: number;
}

const MB = 1024 ** 2;

/** The directory's declared sizes judged before anything is inflated: the total, then each large entry's ratio. */
export function checkZipSizes(entries: readonly ZipSizes[]): void {
  let total = 0;
  for (const e of entries) total += e.size;
  if (total > MAX_UNPACKED_BYTES) throw new SheetError('contacts.import.xlsx.unpackedTooLarge', { max: MAX_UNPACKED_BYTES / MB });
  for (const e of entries) {
    if (e.size > RATIO_FROM_BYTES && e.size > e.compressedSize * MAX_COMPRESSION_RATIO) {
      throw new SheetError('contacts.import.xlsx.compressionRatio', { part: e.name, ratio: MAX_COMPRESSION_RATIO });
    }
  }
}

export function partTooLarge(part: string, maxBytes: number): SheetError {
  return new SheetError('contacts.import.xlsx.partTooLarge', { part, max: Math.round(maxBytes / MB) });
}

export function sizeMismatch(part: string): SheetError {
  return new SheetError('contacts.import.xlsx.sizeMismatch', { part });
}

/** zlib's own failures (a damaged deflate stream) carry a `Z_...` code; anything else (storage) is not the file's fault. */
export function inflateRefusal(part: string, err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_') ? new SheetError('contacts.import.xlsx.damaged', { part }) : err;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One XML part as its text goes to exceljs' parser. Watches what the parser does not refuse and
 * turns what it throws into a refusal naming the problem:
 * - a DOCTYPE (OPC forbids DTDs in a package's parts). saxes, exceljs' parser, expands no entities
 *   (only XML's five), so none is ever expanded; refusing the DOCTYPE keeps it that way and says why.
 * - a part that ends before its root element closes (exceljs never closes its saxes parser, so a
 *   cut document reads as a short one).
 * - exceljs' errors on cells: it throws TypeError/"Invalid Address"/"Out of bounds" from deep
 *   inside; instead of reading those messages (they are exceljs 4.4.0's wording), the text the
 *   parser was given last is looked at: it holds the element it failed on.
 * Costs nothing per row: only the prolog, the last pieces and the tail are looked at.
 */
export class XmlPart {
  private prolog: string | null = '';
  private root = '';
  private tail = '';
  private readonly recent: string[] = [];

  constructor(readonly name: string) {}

  private broken(): SheetError {
    return new SheetError('contacts.import.xlsx.xmlBroken', { part: this.name });
  }

  /** Each piece of the part's text, before the parser gets it. */
  see(text: string): void {
    if (this.prolog !== null) this.scanProlog(text);
    this.recent.push(text);
    if (this.recent.length > 2) this.recent.shift();
    this.tail = (this.tail + text).slice(-512);
  }

  /** The part's text ended: its root element must have closed (comments and processing instructions may follow). */
  end(): void {
    if (this.prolog !== null) throw this.broken();
    // Comments hold no "--" and instructions no "?>": a lazy [\s\S]*? would span from an earlier comment to the last one.
    const rest = this.tail.replace(/(?:\s|<!--(?:(?!--)[\s\S])*-->|<\?(?:(?!\?>)[\s\S])*\?>)*$/, '');
    const root = escapeRegExp(this.root);
    if (!new RegExp(`</${root}\\s*>$`).test(rest) && !new RegExp(`<${root}(?:\\s[^<]*)?/>$`).test(rest)) throw this.broken();
  }

  /** What the parser threw while reading this part, as a refusal of the file. */
  refusal(err: unknown): unknown {
    if (err instanceof SheetError) return err;
    const message = err instanceof Error ? err.message : '';
    // saxes reports a well-formedness error as "line:column: reason".
    if (/^\d+:\d+: /.test(message)) return this.broken();
    return diagnoseCells(this.recent.join('')) ?? new SheetError('contacts.import.xlsx.unreadable', { part: this.name });
  }

  private scanProlog(text: string): void {
    const s = this.prolog + text;
    let i = 0;
    for (;;) {
      while (i < s.length && (s[i] === '\ufeff' || s[i] === ' ' || s[i] === '\t' || s[i] === '\r' || s[i] === '\n')) i++;
      if (i >= s.length) break;
      if (s[i] !== '<') throw this.broken();
      if (s.startsWith('<?', i)) {
        const end = s.indexOf('?>', i + 2);
        if (end < 0) break;
        i = end + 2;
        continue;
      }
      if (s.startsWith('<!--', i)) {
        const end = s.indexOf('-->', i + 4);
        if (end < 0) break;
        i = end + 3;
        continue;
      }
      if (s.length - i < 9) break;
      if (s.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') throw new SheetError('contacts.import.xlsx.doctype', { part: this.name });
      const name = /^<([A-Za-z_][\w.:-]*)/.exec(s.slice(i, i + 256));
      if (!name || i + name[0].length >= s.length) {
        if (name) break;
        throw this.broken();
      }
      this.root = name[1];
      this.prolog = null;
      return;
    }
    if (s.length > MAX_PROLOG) throw this.broken();
    this.prolog = s;
  }
}

/** Column letters as a number (A = 1, XFD = 16,384). */
function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The first row or cell element in this text whose reference a sheet cannot have, as a refusal. */
export function diagnoseCells(text: string): SheetError | null {
  for (const m of text.matchAll(/<(?:[\w.-]+:)?(row|c)(?=[\s>/])([^>]*)>/g)) {
    const r = /(?:^|\s)r\s*=\s*(["'])(.*?)\1/.exec(m[2])?.[2];
    if (m[1] === 'row') {
      if (r === undefined || !/^[1-9]\d*$/.test(r)) return new SheetError('contacts.import.xlsx.rowNoNumber');
      continue;
    }
    if (r === undefined) return new SheetError('contacts.import.xlsx.cellNoReference');
    const ref = /^([A-Z]+)([1-9]\d*)$/.exec(r);
    if (!ref) return new SheetError('contacts.import.xlsx.cellBadReference', { ref: r.slice(0, 20) });
    if (ref[1].length > 3 || columnNumber(ref[1]) > MAX_COLUMN) return new SheetError('contacts.import.xlsx.columnPastXfd', { ref: r.slice(0, 20) });
  }
  return null;
}
