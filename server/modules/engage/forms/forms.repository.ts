import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TYPES } from '../../../platform/tokens.js';
import { affectedRows } from '../../../platform/db.js';
import type { Tx } from '../../../platform/unit-of-work.js';
import type { Tenant } from '../../../platform/http/context.js';
import { whereOrganizationVisible } from '../../../platform/tenancy.js';
import { likeContains } from '../../../platform/http/search.js';
import type { FormContactField, FormFieldType, FormFieldValues, FormTheme, FormValue } from '../../../shared/engage/form-fields.js';
import type { TemplateFormat } from '../../../shared/text/template-placeholders.js';

export interface FormValues {
  title: string;
  description: string | null;
  theme: FormTheme;
  phonebookId: number | null;
  privateNumberId: number | null;
  dynamicTemplateId: number | null;
  thankYouSmsText: string | null;
  thankYouText: string | null;
}

export interface FormRow extends FormValues {
  id: number;
  organizationId: number;
  userId: number;
  isPublished: boolean;
  answersCount: number;
  createdAt: Date;
  lastModified: Date;
  /** Joined for display. */
  phonebookName: string | null;
  senderNumber: string | null;
}

export type { FormFieldValues };

export interface FormFieldRow extends FormFieldValues {
  id: number;
  formId: number;
  sortOrder: number;
}

export type StoredValue = FormValue | { fileKey: string; fileName: string | null; size: number };

export interface FormSubmissionRow {
  id: string;
  formId: number;
  organizationId: number;
  submissionKey: string;
  values: Record<string, StoredValue>;
  mobile: string | null;
  contactId: number | null;
  contactCreated: boolean;
  contactFailure: string | null;
  shortLinkCode: string | null;
  sendId: string | null;
  sendFailure: string | null;
  createdAt: Date;
}

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const intOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
const textOrNull = (v: unknown): string | null => (v == null ? null : String(v));

function formOf(r: Record<string, unknown>): FormRow {
  return {
    id: Number(r.id), organizationId: Number(r.organizationId), userId: Number(r.userId), title: String(r.title), description: textOrNull(r.description),
    theme: r.theme as FormTheme, phonebookId: intOrNull(r.phonebookId), privateNumberId: intOrNull(r.privateNumberId), dynamicTemplateId: intOrNull(r.dynamicTemplateId),
    thankYouSmsText: textOrNull(r.thankYouSmsText), thankYouText: textOrNull(r.thankYouText), isPublished: r.isPublished === true,
    answersCount: Number(r.answersCount ?? 0), createdAt: date(r.createdAt), lastModified: date(r.lastModified),
    phonebookName: textOrNull(r.phonebookName), senderNumber: textOrNull(r.senderNumber),
  };
}

function fieldOf(r: Record<string, unknown>): FormFieldRow {
  return {
    id: Number(r.id), formId: Number(r.formId), sortOrder: Number(r.sortOrder), label: String(r.label), labelEn: textOrNull(r.labelEn),
    fieldType: r.fieldType as FormFieldType, isRequired: r.isRequired === true, minValue: intOrNullFloat(r.minValue), maxValue: intOrNullFloat(r.maxValue),
    minLength: intOrNull(r.minLength), maxLength: intOrNull(r.maxLength), regexValidation: textOrNull(r.regexValidation),
    maxFileSizeByMegabyte: intOrNullFloat(r.maxFileSizeByMegabyte), contactField: (r.contactField as FormContactField | null) ?? null, customFieldId: intOrNull(r.customFieldId),
  };
}

function intOrNullFloat(v: unknown): number | null {
  return v == null ? null : Number(v);
}

function submissionOf(r: Record<string, unknown>): FormSubmissionRow {
  return {
    id: String(r.id), formId: Number(r.formId), organizationId: Number(r.organizationId), submissionKey: String(r.submissionKey),
    values: json<Record<string, StoredValue>>(r.values), mobile: textOrNull(r.mobile), contactId: intOrNull(r.contactId), contactCreated: r.contactCreated === true, contactFailure: textOrNull(r.contactFailure),
    shortLinkCode: textOrNull(r.shortLinkCode), sendId: textOrNull(r.sendId), sendFailure: textOrNull(r.sendFailure), createdAt: date(r.createdAt),
  };
}

/**
 * Forms, their fields and answers. Reads `phonebooks`, `private_numbers` and `dynamic_templates`
 * for display and the thank-you's text (as text parsers read templates), never their writes.
 */
@injectable()
export class FormsRepository {
  constructor(@inject(TYPES.Knex) private readonly knex: Knex) {}

  private base(db: Knex | Tx) {
    return db('forms as f')
      .leftJoin('phonebooks as b', 'b.id', 'f.phonebookId')
      .leftJoin('private_numbers as n', 'n.id', 'f.privateNumberId')
      .select('f.*', 'b.title as phonebookName', 'n.number as senderNumber')
      .whereNull('f.deletedAt');
  }

  async list(tenant: Tenant, filter: { pageIndex: number; pageSize: number; search?: string; userId?: number }) {
    const q = this.knex('forms as f').whereNull('f.deletedAt').where((w) => { whereOrganizationVisible(w, this.knex, 'f.organizationId', tenant); });
    if (filter.userId !== undefined) q.where('f.userId', filter.userId);
    if (filter.search) q.where('f.title', 'ilike', likeContains(filter.search));
    const [{ n }] = await q.clone().count<{ n: string | number }[]>({ n: '*' });
    const ids = (await q.select('f.id').orderBy('f.id', 'desc').offset(filter.pageIndex * filter.pageSize).limit(filter.pageSize)).map((r: { id: number }) => Number(r.id));
    if (ids.length === 0) return { items: [] as FormRow[], totalCount: Number(n) };
    const rows = await this.base(this.knex).whereIn('f.id', ids).orderBy('f.id', 'desc');
    return { items: (rows as Record<string, unknown>[]).map(formOf), totalCount: Number(n) };
  }

  async visible(tenant: Tenant, id: number, db: Knex | Tx = this.knex): Promise<FormRow | null> {
    const q = this.base(db).where('f.id', id);
    whereOrganizationVisible(q, db, 'f.organizationId', tenant);
    const row = await q.first();
    return row ? formOf(row as Record<string, unknown>) : null;
  }

  /** Which of these ids are live forms of the organization (a landing page's form blocks). */
  async idsOfOrganization(organizationId: number, ids: number[], db: Knex | Tx = this.knex): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db('forms').where({ organizationId }).whereNull('deletedAt').whereIn('id', ids).select('id');
    return new Set(rows.map((r: { id: unknown }) => Number(r.id)));
  }

  /** A live form by id, whoever asks (the public page judges `isPublished` itself). */
  async byId(id: number, db: Knex | Tx = this.knex, lock = false): Promise<FormRow | null> {
    if (lock) await db('forms').where({ id }).forUpdate().first('id');
    const row = await this.base(db).where('f.id', id).first();
    return row ? formOf(row as Record<string, unknown>) : null;
  }

  async insert(tx: Tx, owner: { organizationId: number; userId: number }, values: FormValues): Promise<number> {
    const [row] = await tx('forms').insert({ ...owner, ...values }).returning('id');
    return Number((row as { id: number }).id);
  }

  async update(tx: Tx, id: number, patch: Partial<FormValues> & { isPublished?: boolean }, now: Date): Promise<void> {
    await tx('forms').where({ id }).update({ ...patch, lastModified: now });
  }

  async softDelete(tx: Tx, id: number, now: Date): Promise<number> {
    return affectedRows(await tx('forms').where({ id }).whereNull('deletedAt').update({ deletedAt: now, isPublished: false }));
  }

  async fields(formId: number, db: Knex | Tx = this.knex): Promise<FormFieldRow[]> {
    const rows = await db('form_fields').where({ formId }).orderBy(['sortOrder', 'id']);
    return (rows as Record<string, unknown>[]).map(fieldOf);
  }

  async insertField(tx: Tx, formId: number, values: FormFieldValues): Promise<number> {
    const [{ next }] = await tx('form_fields').where({ formId }).max<{ next: number | string | null }[]>({ next: 'sortOrder' });
    const [row] = await tx('form_fields').insert({ formId, sortOrder: Number(next ?? 0) + 1, ...values }).returning('id');
    return Number((row as { id: number }).id);
  }

  async updateField(tx: Tx, id: number, values: FormFieldValues): Promise<void> {
    await tx('form_fields').where({ id }).update(values);
  }

  async deleteField(tx: Tx, id: number): Promise<number> {
    return affectedRows(await tx('form_fields').where({ id }).del());
  }

  /** Sets the order of the form's fields to `ids` (1, 2, …); the caller checked `ids` is exactly the form's fields. */
  async reorder(tx: Tx, formId: number, ids: number[]): Promise<void> {
    for (const [i, id] of ids.entries()) await tx('form_fields').where({ id, formId }).update({ sortOrder: i + 1 });
  }

  /** The form a field belongs to (a live form), or null. */
  async fieldOwner(fieldId: number): Promise<number | null> {
    const row = await this.knex('form_fields as x').join('forms as f', 'f.id', 'x.formId').whereNull('f.deletedAt').where('x.id', fieldId).first('x.formId');
    return row ? Number((row as { formId: number }).formId) : null;
  }

  async phonebookOrganization(phonebookId: number): Promise<number | null> {
    const row = await this.knex('phonebooks').where({ id: phonebookId }).first('organizationId');
    return row ? Number((row as { organizationId: number }).organizationId) : null;
  }

  /** The custom fields of an organization a field may fill (id, type). */
  async customFields(organizationId: number, db: Knex | Tx = this.knex): Promise<{ id: number; type: string }[]> {
    const rows = await db('custom_fields').where({ organizationId }).select('id', 'type');
    return (rows as { id: number; type: string }[]).map((r) => ({ id: Number(r.id), type: r.type }));
  }

  /** A live dynamic template of the organization (plain users: their own), or null. */
  async template(organizationId: number, id: number, userId: number | null, db: Knex | Tx = this.knex): Promise<{ customText: string; format: TemplateFormat } | null> {
    const q = db('dynamic_templates').where({ id, organizationId }).whereNull('deletedAt').first('customText', 'format');
    if (userId !== null) q.where({ userId });
    const row = await q;
    return row ? { customText: String(row.customText), format: row.format as TemplateFormat } : null;
  }

  async submissionByKey(formId: number, submissionKey: string, db: Knex | Tx = this.knex): Promise<FormSubmissionRow | null> {
    const row = await db('form_answers').where({ formId, submissionKey }).first();
    return row ? submissionOf(row as Record<string, unknown>) : null;
  }

  async submissionById(id: string, db: Knex | Tx = this.knex): Promise<FormSubmissionRow | null> {
    const row = await db('form_answers').where({ id }).first();
    return row ? submissionOf(row as Record<string, unknown>) : null;
  }

  /** Inserts the answer unless the key was stored already (then null) and counts it on the form. */
  async insertSubmission(tx: Tx, values: Omit<FormSubmissionRow, 'id' | 'createdAt' | 'sendId' | 'sendFailure'> & { ip: string | null }): Promise<string | null> {
    const [row] = await tx('form_answers').insert({ ...values, values: JSON.stringify(values.values) })
      .onConflict(['formId', 'submissionKey']).ignore().returning('id');
    if (!row) return null;
    await tx('forms').where({ id: values.formId }).increment('answersCount', 1);
    return String((row as { id: unknown }).id);
  }

  /** Links the thank-you send to its answer, once: false when a send is linked already. */
  async linkSend(tx: Tx, answerId: string, sendId: number | string): Promise<boolean> {
    return affectedRows(await tx('form_answers').where({ id: answerId }).whereNull('sendId').update({ sendId, sendFailure: null })) > 0;
  }

  async recordSendFailure(answerId: string, failure: string): Promise<void> {
    await this.knex('form_answers').where({ id: answerId }).whereNull('sendId').update({ sendFailure: failure });
  }

  async submissionsPage(formId: number, paging: { pageIndex: number; pageSize: number }) {
    const [{ n }] = await this.knex('form_answers').where({ formId }).count<{ n: string | number }[]>({ n: '*' });
    const rows = await this.knex('form_answers').where({ formId }).orderBy('id', 'desc').offset(paging.pageIndex * paging.pageSize).limit(paging.pageSize);
    return { items: (rows as Record<string, unknown>[]).map(submissionOf), totalCount: Number(n) };
  }

  /** Answers in id order after `afterId` (the export's keyset pages). */
  async submissionsAfter(formId: number, afterId: string, limit: number): Promise<FormSubmissionRow[]> {
    const rows = await this.knex('form_answers').where({ formId }).where('id', '>', afterId).orderBy('id').limit(limit);
    return (rows as Record<string, unknown>[]).map(submissionOf);
  }
}
