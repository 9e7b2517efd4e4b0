import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { UnitOfWork, type Tx } from '../../platform/unit-of-work.js';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.js';
import { normalizeSearch } from '../../platform/http/search.js';
import type { SchemaType } from '../../platform/http/router.js';
import { toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { parseContactSearch, parseCustomFieldValue, type ContactOwnFields, type CreateType, type CustomFieldValue } from '../../shared/contacts/contact-fields.js';
import { maskMobile } from '../../shared/sms/masked-numbers.js';
import { AuditService } from '../audit/index.js';
import { ContactsRepository, type ContactFilter, type ContactRow, type ContactValues, type FieldCondition, type FieldMap } from './contacts.repository.js';
import { PhonebooksRepository } from './phonebooks.repository.js';
import { PhonebookAccessService, type OpenPhonebook } from './phonebook-access.service.js';
import { CustomFieldsService } from './custom-fields.service.js';
import type { CustomFieldRow } from './custom-fields.repository.js';
import { withinPhoneNumberLimit } from './contact-limit.js';
import { readContactInput, tehranToday, type ContactInput } from './contact-input.js';
import type { PhonebookAccess } from './phonebook-access.js';
import type { bulkDeleteSchema, contactsQuery, createContactSchema, moveCopySchema, updateContactSchema } from './contacts.schemas.js';

/** A contact of a phonebook as a send reads it: its own fields, and custom values by English name (template placeholders). */
export interface StreamedContact extends ContactOwnFields {
  id: number;
  fields: Record<string, CustomFieldValue>;
}

export interface StreamOptions {
  /** Contacts per batch (default 5,000). */
  batchSize?: number;
  /** Start after this contact id (resume a stream). */
  afterId?: number;
  /** On PGlite every query inside a transaction must use it: pass the caller's transaction, if any. */
  tx?: Tx;
}

type FilterInput = Pick<SchemaType<typeof contactsQuery>, 'search' | 'phonebookGroup' | 'fieldId' | 'fieldValue'>;

const DEFAULT_BATCH = 5_000;

/** Only the values of fields that still exist (a deleted field's values stay in the row, unread). */
function liveFields(fields: Record<string, CustomFieldValue>, defs: readonly CustomFieldRow[]): Record<string, CustomFieldValue> {
  const out: Record<string, CustomFieldValue> = {};
  for (const d of defs) if (fields[d.id] !== undefined) out[d.id] = fields[d.id];
  return out;
}

/** A contact as the caller may see it: numbers masked when the phonebook hides them from this reader. */
function publicContact(row: ContactRow, defs: readonly CustomFieldRow[], access: PhonebookAccess) {
  const hidden = access.numbersHidden;
  return {
    ...row,
    cellphone: hidden ? maskMobile(row.cellphone) : row.cellphone,
    telephone: hidden && row.telephone ? maskMobile(row.telephone) : row.telephone,
    fields: liveFields(row.fields, defs),
    numbersHidden: hidden,
  };
}

function throwIssues(issues: ReturnType<typeof readContactInput>['issues']): void {
  if (issues.length > 0) throw new AppError(400, 'status.400', {}, issues);
}

/**
 * Custom fields of one organization mapped onto another's for a move or copy across
 * organizations: the same English name (case-insensitive) and type. Other values are not carried.
 */
function fieldMap(from: readonly CustomFieldRow[], to: readonly CustomFieldRow[]): Record<string, string> {
  const target = new Map(to.map((f) => [`${f.nameEn.toLowerCase()}|${f.type}`, String(f.id)]));
  const out: Record<string, string> = {};
  for (const f of from) {
    const id = target.get(`${f.nameEn.toLowerCase()}|${f.type}`);
    if (id) out[String(f.id)] = id;
  }
  return out;
}

/**
 * Contacts of phonebooks (spec: names, email, job, birthdate, telephone, cellphone, address,
 * phonebookGroup, createType, custom fields). One cellphone per phonebook; every change holds the
 * phonebook's row so its contactsCount stays exact. Bulk acts (delete, move, copy) are single
 * statements over a selection (ids, or everything matching a filter), never row by row.
 */
@injectable()
export class ContactsService {
  constructor(
    @inject(ContactsRepository) private readonly contacts: ContactsRepository,
    @inject(PhonebooksRepository) private readonly phonebooks: PhonebooksRepository,
    @inject(PhonebookAccessService) private readonly access: PhonebookAccessService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  /**
   * A contact and its phonebook opened for `mode`: one the caller cannot see is "contact not found"
   * (never "phonebook not found", which would tell where it is).
   */
  private async contactFor(ctx: Actor, id: number, mode: 'read' | 'change', tx?: Tx): Promise<{ contact: ContactRow; open: OpenPhonebook }> {
    const found = await this.contacts.find(id, tx);
    if (!found) throw notFound('contacts.contactNotFound');
    let open: OpenPhonebook;
    try {
      open = mode === 'change' ? await this.access.forChange(ctx, found.phonebookId, tx!) : await this.access.forReading(ctx, found.phonebookId, tx);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw notFound('contacts.contactNotFound');
      throw err;
    }
    // Read again under the phonebook's lock: a move in between took it elsewhere.
    const contact = mode === 'change' ? await this.contacts.find(id, tx) : found;
    if (!contact || contact.phonebookId !== open.phonebook.id) throw notFound('contacts.contactNotFound');
    return { contact, open };
  }

  async create(ctx: Actor, body: SchemaType<typeof createContactSchema>, createType: CreateType = 'Manual') {
    return this.uow.run(async (tx) => {
      const open = await this.access.forChange(ctx, body.phonebookId, tx);
      const defs = await this.fields.ofOrganization(open.phonebook.organizationId, tx);
      const now = this.clock.now();
      const { values, issues } = readContactInput({ ...(body as ContactInput), fields: body.fields ?? {} }, defs, tehranToday(now));
      throwIssues(issues);
      const full: ContactValues = {
        phonebookId: open.phonebook.id, cellphone: values.cellphone!, firstName: null, lastName: null, email: null, job: null, birthdate: null,
        telephone: null, address: null, phonebookGroup: null, createType, fields: {}, ...values,
      };
      const row = await withinPhoneNumberLimit(this.phonebooks, tx, open.phonebook.organizationId, async () => {
        const inserted = await this.contacts.insert(tx, full);
        if (!inserted) throw fieldError('cellphone', 'contacts.duplicateCellphone');
        await this.phonebooks.addToCount(tx, open.phonebook.id, 1, now);
        return inserted;
      });
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Contact', referenceId: row.id, organizationId: open.phonebook.organizationId, newData: row });
      return publicContact(row, defs, open.access);
    });
  }

  /** Changes what the body names (null or blank clears a field; `fields` merges, null removing a value). */
  async update(ctx: Actor, body: SchemaType<typeof updateContactSchema>) {
    return this.uow.run(async (tx) => {
      const { contact, open } = await this.contactFor(ctx, body.id, 'change', tx);
      const defs = await this.fields.ofOrganization(open.phonebook.organizationId, tx);
      const now = this.clock.now();
      const { id: _id, ...input } = body;
      const { values, issues } = readContactInput(input as ContactInput, defs, tehranToday(now), contact.fields);
      throwIssues(issues);
      if (values.cellphone !== undefined && values.cellphone !== contact.cellphone && (await this.contacts.findByCellphone(tx, contact.phonebookId, values.cellphone))) {
        throw fieldError('cellphone', 'contacts.duplicateCellphone');
      }
      const updated = await this.contacts.update(tx, contact.id, values, now);
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Contact', referenceId: contact.id, organizationId: open.phonebook.organizationId, oldData: contact, newData: updated });
      return publicContact(updated, defs, open.access);
    });
  }

  async delete(ctx: Actor, id: number) {
    return this.uow.run(async (tx) => {
      const { contact, open } = await this.contactFor(ctx, id, 'change', tx);
      const removed = await this.contacts.deleteWhere(tx, { phonebookId: contact.phonebookId, ids: [contact.id] });
      await this.phonebooks.addToCount(tx, contact.phonebookId, -removed, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Contact', referenceId: contact.id, organizationId: open.phonebook.organizationId, oldData: contact });
      return null;
    });
  }

  async get(ctx: Actor, id: number) {
    const { contact, open } = await this.contactFor(ctx, id, 'read');
    return publicContact(contact, await this.fields.ofOrganization(open.phonebook.organizationId), open.access);
  }

  /** The filter of a list or a bulk act, checked against the phonebook's fields and what the caller may see. */
  private filterOf(open: OpenPhonebook, defs: readonly CustomFieldRow[], input: FilterInput): ContactFilter {
    const filter: ContactFilter = { phonebookId: open.phonebook.id };
    const { search } = normalizeSearch({ search: input.search });
    if (search !== undefined) {
      const parsed = parseContactSearch(search);
      // A whole or partial number would tell a reader who sees masked numbers which ones are there.
      if (parsed.kind === 'number' && open.access.numbersHidden) throw fieldError('search', 'contacts.numberSearchHidden');
      filter.search = parsed;
    }
    const group = input.phonebookGroup?.trim();
    if (group) filter.phonebookGroup = group;
    if (input.fieldId !== undefined) filter.field = this.fieldCondition(defs, input.fieldId, input.fieldValue);
    return filter;
  }

  private fieldCondition(defs: readonly CustomFieldRow[], fieldId: number, rawValue: string | undefined): FieldCondition {
    const def = defs.find((d) => d.id === fieldId);
    if (!def) throw fieldError('fieldId', 'contacts.fieldUnknown');
    const value = rawValue?.trim() ?? '';
    if (value === '') throw fieldError('fieldValue', 'validation.required', { field: 'fieldValue' });
    const valueError = (issue: string) => fieldError('fieldValue', `contacts.fieldValue.${issue}`, { nameEn: def.nameEn, nameFa: def.nameFa });
    switch (def.type) {
      case 'String': return { kind: 'contains', fieldId, text: value };
      case 'Datetime': {
        const day = toLatinDigits(value);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw valueError('datetime');
        return { kind: 'day', fieldId, day };
      }
      default: {
        const parsed = parseCustomFieldValue(def.type, value);
        if (!parsed.ok) throw valueError(parsed.issue);
        return { kind: 'equals', fieldId, value: parsed.value as boolean | number };
      }
    }
  }

  /**
   * A page of a phonebook's contacts in id order (the order a phonebook send counts 'From index'
   * in). Without a filter the total is the phonebook's own exact count, so a million-contact
   * phonebook pages without counting.
   */
  async list(ctx: Actor, query: SchemaType<typeof contactsQuery>) {
    const open = await this.access.forReading(ctx, query.phonebookId);
    const defs = await this.fields.ofOrganization(open.phonebook.organizationId);
    const filter = this.filterOf(open, defs, query);
    const filtered = filter.search !== undefined || filter.phonebookGroup !== undefined || filter.field !== undefined;
    const paging = { pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20, afterId: query.afterId };
    const [items, totalCount] = await Promise.all([
      this.contacts.page(filter, paging),
      filtered ? this.contacts.count(filter) : Promise.resolve(open.phonebook.contactsCount),
    ]);
    return { items: items.map((r) => publicContact(r, defs, open.access)), totalCount };
  }

  /** Ids (up to MAX_BULK_IDS) or every contact matching the filter: exactly one of the two. */
  private selectionOf(open: OpenPhonebook, defs: readonly CustomFieldRow[], body: SchemaType<typeof bulkDeleteSchema>): ContactFilter {
    const byIds = body.ids !== undefined;
    if (byIds === (body.selectAll === true)) throw fieldError('ids', 'contacts.selectionRequired');
    const filter = this.filterOf(open, defs, body);
    if (body.ids) filter.ids = body.ids as number[];
    return filter;
  }

  private auditSelection(body: SchemaType<typeof bulkDeleteSchema>) {
    const { ids, ...rest } = body;
    // A thousand ids say which; ten thousand make an audit row nobody reads.
    return { ...rest, idsCount: ids?.length, ids: ids && ids.length <= 1000 ? ids : undefined };
  }

  async deleteMany(ctx: Actor, body: SchemaType<typeof bulkDeleteSchema>) {
    return this.uow.run(async (tx) => {
      const open = await this.access.forChange(ctx, body.phonebookId, tx);
      const defs = await this.fields.ofOrganization(open.phonebook.organizationId, tx);
      const deleted = await this.contacts.deleteWhere(tx, this.selectionOf(open, defs, body));
      await this.phonebooks.addToCount(tx, open.phonebook.id, -deleted, this.clock.now());
      await this.audit.record(tx, ctx, {
        operationType: 'DeleteMany', className: 'Contact', referenceId: open.phonebook.id, organizationId: open.phonebook.organizationId,
        newData: { ...this.auditSelection(body), deletedCount: deleted },
      });
      return { deletedCount: deleted, contactsCount: open.phonebook.contactsCount - deleted };
    });
  }

  /**
   * Move: the contacts leave the source (same ids) unless the target already has their cellphone —
   * those stay in the source, counted as duplicates, so nothing is lost. Copy: new contacts in the
   * target, cellphones it has skipped. The caller must change the target; a move must change the
   * source, a copy read its contacts with their numbers.
   */
  async transfer(ctx: Actor, body: SchemaType<typeof moveCopySchema>, kind: 'Move' | 'Copy') {
    if (body.targetPhonebookId === body.phonebookId) throw fieldError('targetPhonebookId', 'contacts.samePhonebook');
    return this.uow.run(async (tx) => {
      // Both rows in id order first: two transfers between the same pair never wait on each other crosswise.
      await this.phonebooks.lock(tx, [body.phonebookId, body.targetPhonebookId]);
      const source = kind === 'Move' ? await this.access.forChange(ctx, body.phonebookId, tx) : await this.access.forReading(ctx, body.phonebookId, tx);
      if (source.access.numbersHidden) throw forbidden('contacts.copyNumbersHidden');
      const target = await this.access.forChange(ctx, body.targetPhonebookId, tx);
      const sourceDefs = await this.fields.ofOrganization(source.phonebook.organizationId, tx);
      const map: FieldMap = source.phonebook.organizationId === target.phonebook.organizationId
        ? null : fieldMap(sourceDefs, await this.fields.ofOrganization(target.phonebook.organizationId, tx));
      const filter = this.selectionOf(source, sourceDefs, body);
      const now = this.clock.now();
      const selected = await this.contacts.count(filter, tx);
      const move = async () => {
        const n = kind === 'Move'
          ? await this.contacts.moveWhere(tx, filter, target.phonebook.id, map, now)
          : await this.contacts.copyWhere(tx, filter, target.phonebook.id, map, now);
        if (kind === 'Move') await this.phonebooks.addToCount(tx, source.phonebook.id, -n, now);
        await this.phonebooks.addToCount(tx, target.phonebook.id, n, now);
        return n;
      };
      // A move inside one organization leaves its total as it was: only what adds is held to the limit.
      const adds = kind === 'Copy' || source.phonebook.organizationId !== target.phonebook.organizationId;
      const done = adds ? await withinPhoneNumberLimit(this.phonebooks, tx, target.phonebook.organizationId, move) : await move();
      const result = {
        selectedCount: selected, [kind === 'Move' ? 'movedCount' : 'copiedCount']: done, duplicateCount: selected - done,
        sourceContactsCount: source.phonebook.contactsCount - (kind === 'Move' ? done : 0), targetContactsCount: target.phonebook.contactsCount + done,
      };
      await this.audit.record(tx, ctx, {
        operationType: kind, className: 'Contact', referenceId: source.phonebook.id, organizationId: target.phonebook.organizationId,
        newData: { ...this.auditSelection(body), ...result },
      });
      return result;
    });
  }

  /**
   * What an export writes: the selection checked as a bulk act checks it, on a phonebook whose
   * contacts the caller may read (an export is a reading: numbers hidden from the list are hidden
   * in the file). `filtered` says whether the count is the phonebook's contactsCount.
   */
  async exportSelection(ctx: Actor, body: SchemaType<typeof bulkDeleteSchema>) {
    const open = await this.access.forReading(ctx, body.phonebookId);
    const defs = await this.fields.ofOrganization(open.phonebook.organizationId);
    const filter = this.selectionOf(open, defs, body);
    const filtered = filter.ids !== undefined || filter.search !== undefined || filter.phonebookGroup !== undefined || filter.field !== undefined;
    return { phonebook: open.phonebook, numbersHidden: open.access.numbersHidden, defs, filter, filtered };
  }

  /**
   * Inbound text parsers (module inbound), inside the inbound store transaction, with no user
   * behind them: which senders are in which phonebooks (`phonebookId:cellphone` keys).
   */
  async inboundMembership(tx: Tx, phonebookIds: number[], cellphones: string[]): Promise<Set<string>> {
    return this.contacts.holding(tx, [...new Set(phonebookIds)], [...new Set(cellphones)]);
  }

  /**
   * For inbound text parsers' reply templates, in the store transaction: the first contact of each
   * cellphone among an organization's phonebooks (the preferred phonebook first), with custom
   * values by English name, and the organization's custom fields for the template.
   */
  async inboundContacts(tx: Tx, organizationId: number, cellphones: string[], preferPhonebookId: number | null) {
    const defs = await this.fields.ofOrganization(organizationId, tx);
    const rows = await this.contacts.ofOrganizationByCellphone(tx, organizationId, [...new Set(cellphones)], preferPhonebookId);
    const byCellphone = new Map<string, StreamedContact>();
    for (const r of rows) {
      if (byCellphone.has(r.cellphone)) continue;
      const fields: Record<string, CustomFieldValue> = {};
      for (const d of defs) if (r.fields[String(d.id)] !== undefined) fields[d.nameEn] = r.fields[String(d.id)];
      byCellphone.set(r.cellphone, {
        id: r.id, cellphone: r.cellphone, firstName: r.firstName, lastName: r.lastName, email: r.email, job: r.job, birthdate: r.birthdate,
        telephone: r.telephone, address: r.address, phonebookGroup: r.phonebookGroup, fields,
      });
    }
    return { contacts: byCellphone, customFields: defs.map((d) => ({ nameEn: d.nameEn, type: d.type as string })) };
  }

  /**
   * A visible phonebook for a send (the caller need not see its contacts to send to them): what a
   * phonebook send shows and checks its range against ('Indexing is wrong' beyond contactsCount).
   */
  async phonebookForSend(ctx: Actor, phonebookId: number, tx?: Tx) {
    const { phonebook, access } = await this.access.open(ctx, phonebookId, tx);
    return { id: phonebook.id, title: phonebook.title, organizationId: phonebook.organizationId, contactsCount: phonebook.contactsCount, fromParent: access.fromParent };
  }

  /**
   * For the inbound module's safe-list: a phonebook the caller may change (404 invisible, 403 read
   * only, as every change of contacts), locked in `tx`, with the safe-list it already serves.
   */
  async phonebookForSafeList(ctx: Actor, phonebookId: number, tx: Tx) {
    const { phonebook } = await this.access.forChange(ctx, phonebookId, tx);
    return { id: phonebook.id, title: phonebook.title, organizationId: phonebook.organizationId, whiteMessageId: phonebook.whiteMessageId };
  }

  /** Marks a phonebook as the members of a safe-list (the spec's `whiteMessageId`), or unmarks it (null), inside the caller's `tx`. */
  async setWhiteMessage(tx: Tx, phonebookId: number, whiteMessageId: number | null): Promise<void> {
    await this.phonebooks.update(tx, phonebookId, { whiteMessageId, lastModified: this.clock.now() });
  }

  /** Whether a phonebook has this cellphone (a safe-list's member), inside the caller's `tx`. */
  async hasCellphone(tx: Tx, phonebookId: number, cellphone: string): Promise<boolean> {
    return (await this.contacts.findByCellphone(tx, phonebookId, cellphone)) !== null;
  }

  /**
   * A number added to a phonebook by an inbound text (a safe-list's join word, a text parser's
   * AddToPhonebook), inside the inbound store transaction (no caller to check: the list was
   * approved, the parser's owner chose the phonebook). `member` when the phonebook already
   * has it, `gone` when the phonebook no longer exists. Holds the phonebook's row, so its
   * contactsCount stays exact.
   */
  async addFromInbound(tx: Tx, phonebookId: number, cellphone: string): Promise<'added' | 'member' | 'gone'> {
    const phonebook = await this.phonebooks.find(phonebookId, tx, true);
    if (!phonebook) return 'gone';
    if (await this.contacts.findByCellphone(tx, phonebookId, cellphone)) return 'member';
    const row = await this.contacts.insert(tx, {
      phonebookId, cellphone, firstName: null, lastName: null, email: null, job: null, birthdate: null,
      telephone: null, address: null, phonebookGroup: null, createType: 'Inbound', fields: {},
    });
    if (!row) return 'member';
    await this.phonebooks.addToCount(tx, phonebookId, 1, this.clock.now());
    return 'added';
  }

  /**
   * `addFromInbound` for many numbers of one phonebook at once (a group of inbound messages): the
   * phonebook held once, one insert, one count update; the numbers really added. None when the
   * phonebook is gone.
   */
  async addManyFromInbound(tx: Tx, phonebookId: number, cellphones: string[]): Promise<string[]> {
    // Sorted: concurrent groups take the (phonebook, cellphone) keys in one order (no deadlock).
    const wanted = [...new Set(cellphones)].sort();
    if (wanted.length === 0) return [];
    const phonebook = await this.phonebooks.find(phonebookId, tx, true);
    if (!phonebook) return [];
    const added = await this.contacts.insertMissing(tx, wanted.map((cellphone) => ({
      phonebookId, cellphone, firstName: null, lastName: null, email: null, job: null, birthdate: null,
      telephone: null, address: null, phonebookGroup: null, createType: 'Inbound' as const, fields: {},
    })));
    await this.phonebooks.addToCount(tx, phonebookId, added.length, this.clock.now());
    return added;
  }

  /**
   * For engage's customer club: a phonebook a club device may feed — one the caller may change
   * (404 invisible, 403 read only), locked in `tx` — with its device fields.
   */
  async phonebookForDevice(ctx: Actor, phonebookId: number, tx: Tx) {
    const { phonebook } = await this.access.forChange(ctx, phonebookId, tx);
    return {
      id: phonebook.id, title: phonebook.title, organizationId: phonebook.organizationId,
      deviceConnectionPort: phonebook.deviceConnectionPort, isSendMessageAfterAddFromDevice: phonebook.isSendMessageAfterAddFromDevice,
    };
  }

  /** Sets a phonebook's device fields (the spec's deviceConnectionPort, isSendMessageAfterAddFromDevice) inside the caller's `tx`, after `phonebookForDevice`. */
  async setDeviceFields(tx: Tx, phonebookId: number, fields: { deviceConnectionPort: number | null; isSendMessageAfterAddFromDevice: boolean }): Promise<void> {
    await this.phonebooks.update(tx, phonebookId, { ...fields, lastModified: this.clock.now() });
  }

  /**
   * A customer a club device reported, added to a phonebook (createType `Device`) inside the
   * device's purchase transaction, with the phonebook's device fields (null when the phonebook
   * is gone). Holds the phonebook's row, so its contactsCount stays exact.
   */
  async addFromDevice(tx: Tx, phonebookId: number, cellphone: string, firstName: string | null) {
    const phonebook = await this.phonebooks.find(phonebookId, tx, true);
    if (!phonebook) return null;
    const fields = { deviceConnectionPort: phonebook.deviceConnectionPort, isSendMessageAfterAddFromDevice: phonebook.isSendMessageAfterAddFromDevice, organizationId: phonebook.organizationId };
    if (await this.contacts.findByCellphone(tx, phonebookId, cellphone)) return { ...fields, added: false };
    const row = await this.contacts.insert(tx, {
      phonebookId, cellphone, firstName, lastName: null, email: null, job: null, birthdate: null,
      telephone: null, address: null, phonebookGroup: null, createType: 'Device', fields: {},
    });
    if (row) await this.phonebooks.addToCount(tx, phonebookId, 1, this.clock.now());
    return { ...fields, added: row !== null && row !== undefined };
  }

  /** The device fields of phonebooks (a club device's), without a caller: the device's purchase path reads them before it holds them. */
  async deviceFieldsOf(tx: Tx, phonebookIds: number[]) {
    const out: { id: number; organizationId: number; deviceConnectionPort: number | null; isSendMessageAfterAddFromDevice: boolean }[] = [];
    for (const id of phonebookIds) {
      const p = await this.phonebooks.find(id, tx);
      if (p) out.push({ id: p.id, organizationId: p.organizationId, deviceConnectionPort: p.deviceConnectionPort, isSendMessageAfterAddFromDevice: p.isSendMessageAfterAddFromDevice });
    }
    return out;
  }

  /**
   * A contact written by a public form (engage's form builder) inside the answer's transaction; no
   * caller to check: the form's owner chose the phonebook. Matched by cellphone in the phonebook:
   * created (createType Form) or updated with what the form gave (own fields; custom values by
   * field id, merged into the stored ones). Problems are thrown as for the panel's form (400 with
   * issues on `cellphone`, `fields.<id>`, ...); `gone` when the phonebook no longer exists. Holds
   * the phonebook's row, so contactsCount stays exact; the organization's contact limit applies.
   */
  async upsertFromForm(tx: Tx, phonebookId: number, input: ContactInput): Promise<{ id: number; created: boolean } | 'gone'> {
    const phonebook = await this.phonebooks.find(phonebookId, tx, true);
    if (!phonebook) return 'gone';
    const defs = await this.fields.ofOrganization(phonebook.organizationId, tx);
    const now = this.clock.now();
    const first = readContactInput({ cellphone: input.cellphone ?? '' }, defs, tehranToday(now));
    throwIssues(first.issues);
    const found = await this.contacts.findByCellphone(tx, phonebookId, first.values.cellphone!);
    const current = found ? await this.contacts.find(found.id, tx) : null;
    const { values, issues } = readContactInput({ ...input, fields: input.fields ?? {} }, defs, tehranToday(now), current?.fields ?? {});
    throwIssues(issues);
    if (current) {
      await this.contacts.update(tx, current.id, values, now);
      return { id: current.id, created: false };
    }
    const full: ContactValues = {
      phonebookId, cellphone: values.cellphone!, firstName: null, lastName: null, email: null, job: null, birthdate: null,
      telephone: null, address: null, phonebookGroup: null, createType: 'Form', fields: {}, ...values,
    };
    return withinPhoneNumberLimit(this.phonebooks, tx, phonebook.organizationId, async () => {
      const row = await this.contacts.insert(tx, full);
      // The phonebook is held, so the number cannot have come in since the look-up above.
      if (!row) throw fieldError('cellphone', 'contacts.duplicateCellphone');
      await this.phonebooks.addToCount(tx, phonebookId, 1, now);
      return { id: row.id, created: true };
    });
  }

  /** A number that left a safe-list by text, removed from its phonebook inside the caller's `tx`; whether it was there. */
  async removeFromInbound(tx: Tx, phonebookId: number, cellphone: string): Promise<boolean> {
    const phonebook = await this.phonebooks.find(phonebookId, tx, true);
    if (!phonebook) return false;
    const found = await this.contacts.findByCellphone(tx, phonebookId, cellphone);
    if (!found) return false;
    const removed = await this.contacts.deleteWhere(tx, { phonebookId, ids: [found.id] });
    await this.phonebooks.addToCount(tx, phonebookId, -removed, this.clock.now());
    return removed > 0;
  }

  /**
   * Streams a visible phonebook's contacts in id order, in batches, for the import and the
   * phonebook / dynamic / occasion sends. Keyset reads (one indexed query per batch, no open
   * cursor or transaction between batches), so a million contacts never sit in memory. Numbers are
   * real: a send needs them; showing them (masking) is the reader's concern.
   */
  async *streamContacts(ctx: Actor, phonebookId: number, options: StreamOptions = {}): AsyncGenerator<StreamedContact[]> {
    const { phonebook } = await this.access.open(ctx, phonebookId, options.tx);
    const defs = await this.fields.ofOrganization(phonebook.organizationId, options.tx);
    const names = defs.map((d) => [String(d.id), d.nameEn] as const);
    const size = Math.max(1, Math.min(options.batchSize ?? DEFAULT_BATCH, 50_000));
    const read = (after: number) => this.contacts.batchAfter(phonebook.id, after, size, options.tx);
    let next = read(options.afterId ?? 0);
    for (;;) {
      const rows = await next;
      if (rows.length === 0) return;
      // Outside a transaction the next batch is read while the caller works on this one (a
      // 500,000-contact send waited on half its reads, bench:dynamic). Inside one its queries stay
      // in order (PGlite takes one statement at a time on the transaction's handle). A prefetch the
      // caller never takes (it stopped early) must not become an unhandled rejection.
      const more = rows.length === size;
      if (more && !options.tx) {
        next = read(rows[rows.length - 1].id);
        next.catch(() => undefined);
      }
      yield rows.map((r) => {
        const fields: Record<string, CustomFieldValue> = {};
        for (const [id, nameEn] of names) if (r.fields[id] !== undefined) fields[nameEn] = r.fields[id];
        return {
          id: r.id, cellphone: r.cellphone, firstName: r.firstName, lastName: r.lastName, email: r.email, job: r.job, birthdate: r.birthdate,
          telephone: r.telephone, address: r.address, phonebookGroup: r.phonebookGroup, fields,
        };
      });
      if (!more) return;
      if (options.tx) next = read(rows[rows.length - 1].id);
    }
  }
}
