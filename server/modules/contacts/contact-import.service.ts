import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Culture, Translator } from '../../platform/i18n.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { AppError, conflict, fieldError, forbidden, notFound, type ValidationIssue } from '../../platform/http/errors.js';
import type { RawResult, SchemaType } from '../../platform/http/router.js';
import { fileTooLarge, UploadIntake, type UploadKind, type UploadSink, type UploadSource } from '../../platform/upload/upload-intake.service.js';
import { newDownloadKey } from '../../platform/upload/download-link.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { PhonebookAccessService } from './phonebook-access.service.js';
import { CustomFieldsService } from './custom-fields.service.js';
import type { CustomFieldRow } from './custom-fields.repository.js';
import { CHUNK_BYTES, ContactImportRepository, type PhonebookFileRow } from './contact-import.repository.js';
import { CsvLineCounter, detectCsvEncoding } from './contact-import.csv-reader.js';
import { publicPhonebookFile, readSheetRows, sheetFormatOf } from './contact-import.files.js';
import { isEmptyRow, SheetError, type SheetFormat } from './contact-import.sheet.js';
import { cellText, CONTACT_COLUMNS, type ColumnMapping, type ContactColumn } from './contact-import.rows.js';
import { rejectedFile } from './contact-import.rejected-file.js';
import { ContactImporter } from './contact-import.worker.js';
import type { phonebookFilesQuery, startPhonebookFileSchema, uploadPhonebookFileQuery } from './contact-import.schemas.js';

/** The largest upload taken: a million rows with a dozen columns is ~60 MB as xlsx, ~90 MB as CSV. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Rows the mapping screen shows (the first may be the titles). */
const PREVIEW_ROWS = 11;
const MAX_PREVIEW_CELL = 200;

/** Header words (lower case, without spaces, dashes, underscores or ZWNJ) that name a contact column. */
const HEADER_WORDS: Record<ContactColumn, string[]> = {
  cellphone: ['cellphone', 'mobile', 'mobilenumber', 'cell', 'cellnumber', 'phonenumber', 'number', 'msisdn', 'موبایل', 'شمارهموبایل', 'تلفنهمراه', 'همراه', 'شمارههمراه', 'شماره'],
  firstName: ['firstname', 'name', 'first', 'givenname', 'نام'],
  lastName: ['lastname', 'family', 'familyname', 'surname', 'last', 'نامخانوادگی', 'فامیل', 'فامیلی'],
  email: ['email', 'mail', 'emailaddress', 'ایمیل', 'پستالکترونیک', 'پستالکترونیکی'],
  job: ['job', 'occupation', 'jobtitle', 'شغل'],
  birthdate: ['birthdate', 'birthday', 'dateofbirth', 'birth', 'تاریختولد', 'تولد'],
  telephone: ['telephone', 'tel', 'phone', 'landline', 'تلفن', 'تلفنثابت'],
  address: ['address', 'نشانی', 'آدرس'],
  phonebookGroup: ['group', 'phonebookgroup', 'گروه'],
};

const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-.\u200c\u200f\u200e]+/g, '');

/**
 * The mapping the screen starts from: columns named like a contact field or a custom field
 * (English or Persian name), else the first column whose values are mobiles; and whether the
 * first row is titles (its mobile cell is not a number).
 */
export function suggestMapping(rows: string[][], defs: readonly CustomFieldRow[]): { hasHeaderRow: boolean; mapping: Partial<Record<ContactColumn, number>>; fields: Record<string, number> } {
  const first = rows[0] ?? [];
  const mapping: Partial<Record<ContactColumn, number>> = {};
  const fields: Record<string, number> = {};
  const used = new Set<number>();
  first.forEach((title, i) => {
    const key = headerKey(title);
    if (!key) return;
    const column = CONTACT_COLUMNS.find((c) => mapping[c] === undefined && HEADER_WORDS[c].includes(key));
    if (column) { mapping[column] = i; used.add(i); return; }
    const def = defs.find((d) => fields[d.id] === undefined && (headerKey(d.nameEn) === key || headerKey(d.nameFa) === key));
    if (def) { fields[def.id] = i; used.add(i); }
  });
  if (mapping.cellphone === undefined) {
    const width = Math.max(0, ...rows.map((r) => r.length));
    for (let i = 0; i < width && mapping.cellphone === undefined; i++) {
      if (used.has(i)) continue;
      const values = rows.slice(1).map((r) => r[i] ?? '').filter((v) => v.trim() !== '');
      if (values.length > 0 && values.filter((v) => normalizeMobile(v)).length * 2 > values.length) mapping.cellphone = i;
    }
  }
  const firstMobile = mapping.cellphone === undefined ? '' : first[mapping.cellphone] ?? '';
  return { hasHeaderRow: !normalizeMobile(firstMobile), mapping, fields };
}

/**
 * A phonebook file: at most 200 MB (413 `contacts.import.fileTooLarge` on `file`). Stored in the
 * database in pieces (see CONTEXT: any worker process reads them), so it brings its own sink, and
 * its never-started imports are expired by the intake's one sweep.
 */
export function contactImportKind(expire: (before: Date) => Promise<unknown>): UploadKind {
  return {
    name: 'contact-import',
    maxBytes: IMPORT_MAX_BYTES,
    tooLarge: fileTooLarge('contacts.import.fileTooLarge'),
    empty: () => fieldError('file', 'contacts.import.empty'),
    expire,
  };
}

function sheetRefusal(err: unknown): unknown {
  return err instanceof SheetError ? fieldError('file', err.key, err.params) : err;
}

/**
 * Imports of contacts into a phonebook from xlsx or CSV: upload (stored in pieces while it
 * arrives, judged from its bytes, the first rows read for the mapping screen), the mapping and
 * start, the imports of a phonebook with their progress, and the rejected-rows file. The import
 * itself runs on the job queue (contact-import.worker.ts).
 */
@injectable()
export class ContactImportService {
  constructor(
    @inject(ContactImportRepository) private readonly repo: ContactImportRepository,
    @inject(PhonebookAccessService) private readonly access: PhonebookAccessService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(ContactImporter) private readonly importer: ContactImporter,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Translator) private readonly translator: Translator,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(UploadIntake) private readonly intake: UploadIntake,
  ) {}

  /** The upload kind (registered with the intake at start, for the sweep of imports never started). */
  readonly kind = contactImportKind((before) => this.importer.sweepUploads(before));

  private t(culture: Culture) {
    return (key: string, params?: Record<string, unknown>) => this.translator.t(culture, key, params);
  }

  /** A phonebook whose contacts the caller may change (imports are changes), else 404/403 as every contacts call. */
  private async manageable(ctx: Actor, phonebookId: number) {
    const open = await this.access.open(ctx, phonebookId);
    if (!open.access.canManage) throw forbidden('contacts.phonebookReadOnly');
    return open;
  }

  /** An import of a phonebook the caller manages; others are "not found" (never telling where they are). */
  private async visibleFile(ctx: Actor, id: number): Promise<PhonebookFileRow> {
    const row = await this.repo.find(id);
    if (!row) throw notFound('contacts.import.notFound');
    try {
      await this.manageable(ctx, row.phonebookId);
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) throw notFound('contacts.import.notFound');
      throw err;
    }
    return row;
  }

  async upload(ctx: Actor, source: UploadSource, query: SchemaType<typeof uploadPhonebookFileQuery>) {
    const open = await this.manageable(ctx, query.phonebookId);
    // Refused before the import row exists (and before a byte is read).
    this.intake.refuseDeclared(this.kind, source);
    const now = this.clock.now();
    const fileName = (source.fileName?.trim() || 'contacts').slice(0, 200);
    const id = await this.repo.insert({
      organizationId: open.phonebook.organizationId, phonebookId: open.phonebook.id, userId: ctx.principal.userId, fileName,
      rejectedToken: newDownloadKey(),
    }, now);
    try {
      const received = await this.receive(id, source);
      const format = this.judge(received.head);
      const stored = this.repo.storedFile(id, received.size);
      let lastRow: number | null = null;
      const rows: string[][] = [];
      const reading = readSheetRows(stored, format, { onDimension: (n) => { lastRow = n; }, lazySharedStrings: true });
      try {
        for await (const batch of reading) {
          for (const r of batch) {
            if (isEmptyRow(r.cells)) continue;
            rows.push(r.cells.map((c) => cellText(c).slice(0, MAX_PREVIEW_CELL)));
            if (rows.length >= PREVIEW_ROWS) break;
          }
          if (rows.length >= PREVIEW_ROWS) break;
        }
      } catch (err) {
        throw sheetRefusal(err);
      } finally {
        await reading.return(undefined);
      }
      if (rows.length === 0) throw fieldError('file', 'contacts.import.noRows');
      // Trailing empty cells are not columns.
      const columnCount = Math.max(...rows.map((r) => { let n = r.length; while (n > 0 && r[n - 1].trim() === '') n--; return n; }), 1);
      const estimate = format.format === 'xlsx' ? lastRow : received.csvRecords;
      await this.repo.update(id, {
        format: format.format, encoding: format.encoding, delimiter: format.delimiter, sizeBytes: received.size, columnCount,
        preview: { rows: rows.map((r) => r.slice(0, columnCount)) }, totalCount: estimate, lastModified: this.clock.now(),
      });
      const row = (await this.repo.find(id))!;
      const defs = await this.fields.ofOrganization(open.phonebook.organizationId);
      return { ...publicPhonebookFile(row, this.t(ctx.culture)), preview: row.preview!.rows, suggested: suggestMapping(row.preview!.rows, defs) };
    } catch (err) {
      // Refused (too large, not a spreadsheet, no rows): the row goes with its pieces.
      await this.uow.run((tx) => this.repo.delete(tx, id));
      throw err;
    }
  }

  /**
   * The body through the intake into 1 MB database pieces (the intake pauses the stream while a
   * piece is written), counting CSV line ends as it passes.
   */
  private async receive(id: number, source: UploadSource): Promise<{ size: number; head: Buffer; csvRecords: number | null }> {
    const counter = new CsvLineCounter();
    const stored = await this.intake.receive(this.kind, source, { sink: this.chunkSink(id), observe: (chunk) => { counter.push(chunk); } });
    const bytewise = stored.head.length > 0 && ['utf-8', 'windows-1256'].includes(detectCsvEncoding(stored.head).encoding);
    return { size: stored.size, head: stored.head, csvRecords: bytewise ? counter.records() : null };
  }

  private chunkSink(id: number): UploadSink {
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending, pendingBytes);
        const piece = joined.subarray(0, Math.min(CHUNK_BYTES, pendingBytes));
        const rest = joined.subarray(piece.length);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
        await this.repo.appendChunk(id, seq++, Buffer.from(piece));
      }
    };
    return {
      write: async (chunk) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= CHUNK_BYTES) await flush(false);
      },
      end: () => flush(true),
      // The import row is deleted with its pieces: the rest need not be written.
      abort: async () => { pending = []; pendingBytes = 0; },
    };
  }

  /** xlsx (a zip), CSV (text), or a refusal: judged from the bytes, never the name. */
  private judge(head: Buffer): SheetFormat {
    try {
      return sheetFormatOf(head);
    } catch (err) {
      throw sheetRefusal(err);
    }
  }

  /** The mapping chosen on the screen; the import is queued (status Waiting). */
  async start(ctx: Actor, body: SchemaType<typeof startPhonebookFileSchema>) {
    const row = await this.visibleFile(ctx, body.id);
    const defs = await this.fields.ofOrganization(row.organizationId);
    const issues: ValidationIssue[] = [];
    const columns = body.mapping as Partial<Record<ContactColumn, number>>;
    const fieldColumns = (body.fields ?? {}) as Record<string, number>;
    const seen = new Map<number, string>();
    const check = (propertyName: string, index: number) => {
      if (index >= row.columnCount) issues.push({ propertyName, key: 'contacts.import.columnOutOfRange' });
      else if (seen.has(index)) issues.push({ propertyName, key: 'contacts.import.columnUsedTwice' });
      else seen.set(index, propertyName);
    };
    for (const c of CONTACT_COLUMNS) if (columns[c] !== undefined) check(`mapping.${c}`, columns[c]!);
    for (const [fieldId, index] of Object.entries(fieldColumns)) {
      if (!defs.some((d) => String(d.id) === fieldId)) issues.push({ propertyName: `fields.${fieldId}`, key: 'contacts.fieldUnknown' });
      else check(`fields.${fieldId}`, index);
    }
    if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
    const mapping: ColumnMapping = { columns, fields: fieldColumns };
    const hasHeaderRow = body.hasHeaderRow !== false;
    const now = this.clock.now();
    const started = await this.uow.run(async (tx) => {
      const locked = await this.repo.lock(tx, row.id);
      if (!locked || locked.status !== 'Stored') throw conflict('contacts.import.alreadyStarted');
      await this.repo.update(row.id, {
        status: 'Waiting', mapping, hasHeaderRow, updateExisting: body.updateExisting === true,
        totalCount: locked.totalCount === null ? null : Math.max(0, locked.totalCount - (hasHeaderRow ? 1 : 0)), lastModified: now,
      }, tx);
      return true;
    });
    if (started) await this.importer.enqueue(row.id);
    return publicPhonebookFile((await this.repo.find(row.id))!, this.t(ctx.culture));
  }

  async list(ctx: Actor, query: SchemaType<typeof phonebookFilesQuery>) {
    await this.manageable(ctx, query.phonebookId);
    const page = await this.repo.list(query.phonebookId, { pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 });
    const t = this.t(ctx.culture);
    return { items: page.items.map((r) => publicPhonebookFile(r, t)), totalCount: page.totalCount };
  }

  /** One import; a Stored one with its preview (the mapping screen reopened). */
  async get(ctx: Actor, id: number) {
    const row = await this.visibleFile(ctx, id);
    const out = publicPhonebookFile(row, this.t(ctx.culture));
    if (row.status !== 'Stored' || !row.preview) return out;
    const defs = await this.fields.ofOrganization(row.organizationId);
    return { ...out, preview: row.preview.rows, suggested: suggestMapping(row.preview.rows, defs) };
  }

  /** Removes an import from the list with its rejected rows (contacts it added stay); not while it runs. */
  async delete(ctx: Actor, id: number) {
    await this.visibleFile(ctx, id);
    await this.uow.run(async (tx) => {
      const locked = await this.repo.lock(tx, id);
      if (!locked) throw notFound('contacts.import.notFound');
      if (locked.status === 'Waiting' || locked.status === 'Extracting') throw conflict('contacts.import.running');
      await this.repo.delete(tx, id);
    });
    return null;
  }

  /** The rejected-rows file by its token (the browser downloads it itself; the token is the key). */
  async rejectedFile(token: string, format: 'xlsx' | 'csv', culture: Culture): Promise<RawResult> {
    const row = await this.repo.findByToken(token);
    if (!row || row.rejectedCount === 0) throw notFound('contacts.import.notFound');
    return rejectedFile(this.repo, this.translator, culture, row, format);
  }
}
