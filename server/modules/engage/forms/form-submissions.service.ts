import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import { isUniqueViolation, type UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Clock } from '../../../platform/clock.js';
import type { KeyValueStore } from '../../../platform/kv.js';
import type { RequestContext } from '../../../platform/http/context.js';
import { AppError, badRequest, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { UploadIntake, type StoredUpload, type UploadKind, type UploadSource } from '../../../platform/upload/upload-intake.service.js';
import { KeptFiles } from '../../../platform/upload/kept-files.js';
import { ActorFactory } from '../../identity/index.js';
import { ContactsService, CustomFieldsService, type ContactInput } from '../../contacts/index.js';
import { ComposeService, compileTemplate, parseTemplate, type TemplateContact } from '../../messaging/index.js';
import { formDateDay, judgeFormValue, type FormValue } from '../../../shared/engage/form-fields.js';
import { parseTemplateIn, toBraces } from '../../../shared/text/template-placeholders.js';
import { FormsRepository, type FormFieldRow, type FormRow, type StoredValue } from './forms.repository.js';
import { FORM_FILES_FOLDER as FILES_FOLDER } from './forms.service.js';

/** Submissions (and uploads) taken per client address and form in one window: a public endpoint must not be floodable. */
export const SUBMISSIONS_PER_WINDOW = 30;
export const SUBMISSION_WINDOW_MS = 10 * 60_000;
/** An uploaded file waits this long for its submission (then its key is forgotten). */
const UPLOAD_CLAIM_MS = 24 * 60 * 60_000;

type Outcome = 'sent' | 'none' | 'taken' | 'refused';

/** Thrown inside the answer's transaction when the same submission was stored meanwhile: everything rolls back. */
class Repeated extends Error {}

/**
 * The public side of the form builder (outer route `form/{id}`, no sign-in): the published form,
 * file uploads within each field's own MB limit, and submissions. A submission is judged field by
 * field (every problem at once, on `values.<fieldId>`), then ONE transaction stores the answer and
 * writes the contact into the form's phonebook; after the commit the thank-you SMS is sent through
 * compose as the form's owner. Exactly once per answer: the answer key `(formId, submissionKey)`
 * stops a retried submission, and the send carries the client send id `form-answer:<id>` and is
 * linked to its answer inside the send's own transaction, so a repeat finds it and pays nothing.
 */
@injectable()
export class FormSubmissionsService {
  constructor(
    @inject(FormsRepository) private readonly repo: FormsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(CustomFieldsService) private readonly customFields: CustomFieldsService,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(UploadIntake) private readonly intake: UploadIntake,
    @inject(KeptFiles) private readonly kept: KeptFiles,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /** A published form as a visitor sees it; anything else (missing, deleted, unpublished) is the same silent 404. */
  async publicForm(id: number) {
    const form = await this.published(id);
    const fields = await this.repo.fields(id);
    return {
      id: form.id, title: form.title, description: form.description, theme: form.theme,
      fields: fields.map((f) => ({
        id: f.id, label: f.label, labelEn: f.labelEn, fieldType: f.fieldType, isRequired: f.isRequired, minValue: f.minValue, maxValue: f.maxValue,
        minLength: f.minLength, maxLength: f.maxLength, regexValidation: f.regexValidation, maxFileSizeByMegabyte: f.maxFileSizeByMegabyte,
      })),
    };
  }

  /** A file for a File field, through the shared upload intake with the field's MB limit; its key is what the submission names. */
  async upload(ctx: RequestContext, formId: number, fieldId: number, source: UploadSource) {
    const form = await this.published(formId);
    await this.count(ctx.ip, form.id);
    const field = (await this.repo.fields(formId)).find((f) => f.id === fieldId);
    if (!field || field.fieldType !== 'File' || !field.maxFileSizeByMegabyte) throw badRequest('status.400', {}, [{ propertyName: 'fieldId', key: 'forms.notAFileField' }]);
    // Stays in the swept uploads folder until a submission claims it: an abandoned upload goes with the sweep.
    const stored = await this.intake.receive(fileKind(field.maxFileSizeByMegabyte), source);
    const fileName = stored.fileName?.slice(0, 200) ?? null;
    await this.kv.set(`form-file:${stored.key}`, JSON.stringify({ formId, fieldId, fileName, size: stored.size }), UPLOAD_CLAIM_MS);
    return { fileKey: stored.key, fileName, size: stored.size };
  }

  async submit(ctx: RequestContext, body: { formId: number; submissionKey: string; values: Record<string, unknown>; sl?: string | null }) {
    const form = await this.published(body.formId);
    await this.count(ctx.ip, form.id);
    const fields = await this.repo.fields(form.id);
    const before = await this.repo.submissionByKey(form.id, body.submissionKey);
    if (before) return this.answered(form, before.id, before.mobile);
    const judged = await this.judge(form, fields, body.values);
    await this.keepFiles(judged);
    const contact = contactInputOf(fields, judged.values);
    const store = (writeContact: boolean, contactFailure: string | null) => this.uow.run(async (tx) => {
      let contactId: number | null = null;
      let created = false;
      let failure = contactFailure;
      if (writeContact && form.phonebookId !== null && contact.cellphone) {
        try {
          const written = await this.contacts.upsertFromForm(tx, form.phonebookId, contact.input);
          if (written === 'gone') failure = 'PhonebookGone';
          else ({ id: contactId, created } = written);
        } catch (err) {
          throw onFields(err, contact.fieldOf);
        }
      }
      const id = await this.repo.insertSubmission(tx, {
        formId: form.id, organizationId: form.organizationId, submissionKey: body.submissionKey, values: judged.stored, mobile: contact.cellphone,
        contactId, contactCreated: created, contactFailure: failure, shortLinkCode: body.sl || null, ip: ctx.ip.slice(0, 64),
      });
      if (id === null) throw new Repeated();
      return id;
    });
    let answerId: string;
    try {
      try {
        answerId = await store(true, null);
      } catch (err) {
        // The owner's phonebook cannot take the contact (its organization's contact limit): the
        // visitor's answer is still stored, without the contact, and the reason kept on it.
        if (!(err instanceof AppError) || err.validationErrors.length > 0 || err.status !== 400) throw err;
        answerId = await store(false, err.key.slice(0, 60));
      }
    } catch (err) {
      if (!(err instanceof Repeated)) throw err;
      const first = await this.repo.submissionByKey(form.id, body.submissionKey);
      return this.answered(form, first!.id, first!.mobile);
    }
    for (const key of judged.fileKeys) await this.kv.del(`form-file:${key}`);
    return this.answered(form, answerId, contact.cellphone);
  }

  /** The visitor's answer: the thank-you text, once the thank-you SMS was tried (a repeat tries an unsent one again). */
  private async answered(form: FormRow, answerId: string, mobile: string | null) {
    if (mobile) await this.thankYou(form, answerId, mobile);
    return { thankYouText: form.thankYouText };
  }

  /**
   * The thank-you SMS of one answer, sent at most once: as the form's owner (actor channel
   * `system`), priced and held as any single send, linked to its answer inside the send's
   * transaction. A refusal (credit, line, blacklist) is recorded on the answer, never shown to the
   * visitor: their answer is stored either way.
   */
  async thankYou(form: FormRow, answerId: string, mobile: string): Promise<Outcome> {
    if (form.privateNumberId === null || (form.dynamicTemplateId === null && !form.thankYouSmsText)) return 'none';
    try {
      const built = await this.actors.forUser(form.userId, form.organizationId, 'system', { requestId: `form-answer:${answerId}`, userAgent: 'form-thank-you' });
      if ('missing' in built) {
        await this.repo.recordSendFailure(answerId, built.missing === 'user' ? 'UserIsInactive' : 'OrganizationNotFound');
        return 'refused';
      }
      const text = await this.thankYouText(form, answerId);
      if (text === null || text.trim() === '') {
        await this.repo.recordSendFailure(answerId, 'TemplateNotFound');
        return 'refused';
      }
      await this.compose.createInternal(built.actor, {
        senderNumberId: form.privateNumberId, smsBody: text, sendType: 'Single', sendDirect: true,
        sources: [{ kind: 'manual', numbers: [mobile] }], sendId: `form-answer:${answerId}`, description: form.title,
      }, {
        values: { sendSubType: 'Form' },
        inTransaction: async (tx, send) => { if (!(await this.repo.linkSend(tx, answerId, send.id))) throw new Repeated(); },
      });
      return 'sent';
    } catch (err) {
      // Sent already (a retry, another process): the first send stands, nothing was held twice.
      if (err instanceof Repeated || isUniqueViolation(err)) return 'taken';
      if (err instanceof AppError && err.status < 500) {
        await this.repo.recordSendFailure(answerId, String((err.data as { failureCode?: string } | undefined)?.failureCode ?? err.key).slice(0, 60));
        return 'refused';
      }
      this.logger.error({ err, formId: form.id, answerId }, 'form thank-you send failed');
      return 'refused';
    }
  }

  /** The thank-you text rendered for the answer's contact (the phonebook's stored one when written, else the answer's own values). */
  private async thankYouText(form: FormRow, answerId: string): Promise<string | null> {
    let source = form.thankYouSmsText;
    if (form.dynamicTemplateId !== null) {
      const template = await this.repo.template(form.organizationId, form.dynamicTemplateId, null);
      if (!template) return null;
      source = toBraces(parseTemplateIn(template.format, template.customText));
    }
    if (source === null) return null;
    const organizationId = form.phonebookId === null ? form.organizationId : (await this.repo.phonebookOrganization(form.phonebookId)) ?? form.organizationId;
    const defs = await this.customFields.ofOrganization(organizationId);
    const compiled = compileTemplate(parseTemplate(source), defs.map((d) => ({ nameEn: d.nameEn, type: d.type })));
    if ('unknown' in compiled) return null;
    const answer = await this.repo.submissionById(answerId);
    // Written into the phonebook: the stored contact speaks (values kept from earlier answers too).
    if (form.phonebookId !== null && answer?.contactId != null && answer.mobile) {
      const found = await this.uow.run((tx) => this.contacts.inboundContacts(tx, organizationId, [answer.mobile!], form.phonebookId));
      const stored = found.contacts.get(answer.mobile);
      if (stored) return compiled.render(stored as unknown as TemplateContact);
    }
    const fields = await this.repo.fields(form.id);
    const contact: Record<string, unknown> = { fields: {} as Record<string, unknown> };
    const byId = new Map(defs.map((d) => [d.id, d.nameEn]));
    for (const f of fields) {
      const value = answer?.values[String(f.id)];
      if (value === undefined || value === null || typeof value === 'object') continue;
      if (f.fieldType === 'Mobile') contact.cellphone = value;
      else if (f.contactField) contact[f.contactField] = f.contactField === 'birthdate' ? formDateDay(value) : value;
      else if (f.customFieldId !== null && byId.has(f.customFieldId)) (contact.fields as Record<string, unknown>)[byId.get(f.customFieldId)!] = value;
    }
    return compiled.render(contact as unknown as TemplateContact);
  }

  /**
   * The answer's uploads moved out of the swept folder into the kept files (`kept/forms/`) before
   * the answer is stored, each under a new key the answer records. One swept meanwhile is refused
   * on its field. (A kept file whose answer then fails to store stays unreferenced: rare, and
   * cheaper than a window where an answer names a file the sweep may take.)
   */
  private async keepFiles(judged: { stored: Record<string, StoredValue>; fileKeys: string[] }): Promise<void> {
    const issues: ValidationIssue[] = [];
    for (const [fieldId, value] of Object.entries(judged.stored)) {
      if (typeof value !== 'object' || value === null) continue;
      const upload = { key: value.fileKey, kind: FILE_KIND_NAME, path: this.intake.pathOf(FILE_KIND_NAME, value.fileKey), size: value.size } as StoredUpload;
      try {
        judged.stored[fieldId] = { ...value, fileKey: await this.kept.keep(FILES_FOLDER, upload) };
      } catch {
        issues.push({ propertyName: `values.${fieldId}`, key: 'forms.value.file' });
      }
    }
    if (issues.length) throw badRequest('status.400', {}, issues);
  }

  private async published(id: number): Promise<FormRow> {
    const form = await this.repo.byId(id);
    if (!form || !form.isPublished) throw notFound();
    return form;
  }

  /** Every field's value judged by its rules, all problems at once on `values.<fieldId>`; files claimed by their upload key. */
  private async judge(form: FormRow, fields: FormFieldRow[], values: Record<string, unknown>) {
    const issues: ValidationIssue[] = [];
    const known = new Set(fields.map((f) => String(f.id)));
    for (const key of Object.keys(values)) if (!known.has(key)) issues.push({ propertyName: `values.${key}`, key: 'forms.value.unknownField' });
    const judgedValues: Record<string, FormValue> = {};
    const stored: Record<string, StoredValue> = {};
    const fileKeys: string[] = [];
    for (const f of fields) {
      const propertyName = `values.${f.id}`;
      const out = judgeFormValue(f, values[String(f.id)]);
      if ('issue' in out) {
        issues.push({ propertyName, key: `forms.value.${out.issue}`, params: out.params });
        continue;
      }
      if (out.value === null) continue;
      if (f.fieldType === 'File') {
        const claim = await this.kv.get(`form-file:${out.value}`);
        const file = claim ? JSON.parse(claim) as { formId: number; fieldId: number; fileName: string | null; size: number } : null;
        if (!file || file.formId !== form.id || file.fieldId !== f.id) {
          issues.push({ propertyName, key: 'forms.value.file' });
          continue;
        }
        stored[String(f.id)] = { fileKey: String(out.value), fileName: file.fileName, size: file.size };
        fileKeys.push(String(out.value));
        continue;
      }
      judgedValues[String(f.id)] = out.value;
      stored[String(f.id)] = out.value;
    }
    if (issues.length) throw badRequest('status.400', {}, issues);
    return { values: judgedValues, stored, fileKeys };
  }

  /**
   * A fixed window per client address and form in the key-value store (shared by every web process
   * with Redis), counting every attempt, right or wrong: the same rule as sign-ups.
   */
  private async count(ip: string, formId: number): Promise<void> {
    const now = this.clock.now().getTime();
    const index = Math.floor(now / SUBMISSION_WINDOW_MS);
    const endsAt = (index + 1) * SUBMISSION_WINDOW_MS;
    if ((await this.kv.incr(`form:rate:${formId}:${index}:${ip}`, endsAt - now + 1_000)) > SUBMISSIONS_PER_WINDOW) {
      const seconds = Math.max(1, Math.ceil((endsAt - now) / 1000));
      throw new AppError(429, 'forms.tooManySubmissions', { seconds }, [], { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
    }
  }
}

const FILE_KINDS = new Map<number, UploadKind>();
const FILE_KIND_NAME = 'form-file';

/** The upload kind of a File field's limit (one per distinct limit; stored as files, swept like any upload until kept). */
function fileKind(megabytes: number): UploadKind {
  const maxBytes = Math.floor(megabytes * 1024 * 1024);
  let kind = FILE_KINDS.get(maxBytes);
  if (!kind) {
    kind = {
      name: FILE_KIND_NAME, maxBytes,
      tooLarge: (max) => new AppError(413, 'forms.fileTooLarge', { max: max / 1024 / 1024 }, [{ propertyName: 'file', key: 'forms.fileTooLarge', params: { max: max / 1024 / 1024 } }]),
      empty: () => badRequest('status.400', {}, [{ propertyName: 'file', key: 'forms.fileEmpty' }]),
    };
    FILE_KINDS.set(maxBytes, kind);
  }
  return kind;
}

/** What the answer gives the phonebook's contact: the mobile, mapped own fields and custom fields by id; and which form field each came from. */
function contactInputOf(fields: FormFieldRow[], values: Record<string, FormValue>) {
  const input: ContactInput = { fields: {} };
  const fieldOf = new Map<string, number>();
  let cellphone: string | null = null;
  for (const f of fields) {
    const value = values[String(f.id)];
    if (value === undefined) continue;
    if (f.fieldType === 'Mobile') {
      cellphone = String(value);
      input.cellphone = cellphone;
      fieldOf.set('cellphone', f.id);
    } else if (f.contactField) {
      (input as Record<string, unknown>)[f.contactField] = f.contactField === 'birthdate' ? formDateDay(value) : String(value);
      fieldOf.set(f.contactField, f.id);
    } else if (f.customFieldId !== null) {
      input.fields![String(f.customFieldId)] = value;
      fieldOf.set(`fields.${f.customFieldId}`, f.id);
    }
  }
  return { input, cellphone, fieldOf };
}

/** Contacts' problems (on `cellphone`, `birthdate`, `fields.<id>`) moved onto the form field that gave the value. */
function onFields(err: unknown, fieldOf: Map<string, number>): unknown {
  if (!(err instanceof AppError) || err.validationErrors.length === 0) return err;
  return new AppError(err.status, err.key, err.params, err.validationErrors.map((v) => {
    const id = fieldOf.get(v.propertyName);
    return id === undefined ? v : { ...v, propertyName: `values.${id}` };
  }), err.data);
}
