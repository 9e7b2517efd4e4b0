import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Translator } from '../../platform/i18n.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { SchemaType } from '../../platform/http/router.js';
import { AuditService } from '../audit/index.js';
import { ContactsService } from './contacts.service.js';
import { ContactExportRepository, type ContactExportRow, type ContactSelection } from './contact-export.repository.js';
import { ContactExporter, publicContactExport } from './contact-export.worker.js';
import type { contactExportsQuery, createContactExportSchema } from './contact-export.schemas.js';

/** The phonebook page lists this many of the requester's latest exports; older links still work until swept. */
const LIST_LIMIT = 20;

/**
 * Exports of a phonebook's contacts to xlsx or CSV, run by the job queue (contact-export.worker.ts).
 * The request is checked as a reading of the contacts (404 invisible, 403 contacts hidden, 400 a
 * number search on hidden numbers) before anything is queued, and audited; an export is its
 * requester's alone.
 */
@injectable()
export class ContactExportService {
  constructor(
    @inject(ContactExportRepository) private readonly repo: ContactExportRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(ContactExporter) private readonly exporter: ContactExporter,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Translator) private readonly translator: Translator,
  ) {}

  async request(ctx: Actor, body: SchemaType<typeof createContactExportSchema>) {
    const { format = 'xlsx', ...rest } = body;
    const selection = rest as ContactSelection;
    const checked = await this.contacts.exportSelection(ctx, selection);
    const row = await this.uow.run(async (tx) => {
      const created = await this.repo.create(tx, {
        organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId, phonebookId: checked.phonebook.id, format, selection,
        downloadKey: randomBytes(24).toString('hex'), numbersHidden: checked.numbersHidden, culture: ctx.culture,
      });
      // Personal data leaving the panel: who took which contacts, as one row per export (ids listed up to 1,000, as the bulk acts do).
      const { ids, ...filter } = selection;
      await this.audit.record(tx, ctx, {
        operationType: 'Export', className: 'Contact', referenceId: checked.phonebook.id, organizationId: checked.phonebook.organizationId,
        newData: { exportId: created.id, format, numbersHidden: checked.numbersHidden, ...filter, idsCount: ids?.length, ids: ids && ids.length <= 1000 ? ids : undefined },
      });
      return created;
    });
    await this.exporter.enqueue(row.id);
    return publicContactExport(row, this.translator);
  }

  async list(ctx: Actor, query: SchemaType<typeof contactExportsQuery>) {
    return (await this.repo.listOf(ctx.principal.userId, query.phonebookId, LIST_LIMIT)).map((r) => publicContactExport(r, this.translator));
  }

  /** Only the requester sees an export. */
  async get(ctx: Actor, id: number) {
    const row = await this.repo.find(id);
    if (!row || row.userId !== ctx.principal.userId) throw notFound('contacts.export.notFound');
    return publicContactExport(row, this.translator);
  }

  /** The finished file behind a download link (the link's key is its only credential). */
  async file(id: number, key: string): Promise<{ path: string; fileName: string; contentType: string }> {
    const row = await this.repo.find(id);
    if (!row || !sameKey(row, key)) throw notFound('contacts.export.notFound');
    const file = this.exporter.filePath(id, row.format);
    if (row.status !== 'Done' || !existsSync(file)) throw badRequest('contacts.export.notReady');
    return {
      path: file, fileName: `phonebook-${row.phonebookId}-contacts-${id}.${row.format}`,
      contentType: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
}

function sameKey(row: ContactExportRow, key: string): boolean {
  const a = Buffer.from(row.downloadKey);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}
