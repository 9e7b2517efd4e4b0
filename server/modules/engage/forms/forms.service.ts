import { inject, injectable } from 'inversify';
import { TYPES } from '../../../platform/tokens.js';
import type { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import { AppError, badRequest, notFound, type ValidationIssue } from '../../../platform/http/errors.js';
import { normalizeSearch } from '../../../platform/http/search.js';
import { KeptFiles } from '../../../platform/upload/kept-files.js';
import { AuditService } from '../../audit/index.js';
import { ContactsService, CustomFieldsService } from '../../contacts/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { compileTemplate, parseTemplate } from '../../messaging/index.js';
import { compileFormRegex, contactFieldFits, FORM_LIMITS, type FormContactField, type FormFieldType, type FormTheme } from '../../../shared/engage/form-fields.js';
import { parseTemplateIn, toBraces } from '../../../shared/text/template-placeholders.js';
import { FormsRepository, type FormFieldRow, type FormFieldValues, type FormRow, type FormValues } from './forms.repository.js';
import { ShortLinksService } from '../short-links/short-links.service.js';

/** Where answers' files are kept (`<dataDir>/kept/forms/`), read back only after the answer's visibility check. */
export const FORM_FILES_FOLDER = 'forms';

/** The claim of the form builder: the spec's "Services" menu. */
export const FORMS_CLAIM = 'Services.Use';

export interface FormInput {
  title: string;
  description?: string | null;
  theme?: FormTheme;
  phonebookId?: number | null;
  privateNumberId?: number | null;
  dynamicTemplateId?: number | null;
  thankYouSmsText?: string | null;
  thankYouText?: string | null;
}

export interface FieldInput {
  label: string;
  labelEn?: string | null;
  fieldType: FormFieldType;
  isRequired?: boolean;
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
  maxLength?: number | null;
  regexValidation?: string | null;
  maxFileSizeByMegabyte?: number | null;
  contactField?: FormContactField | null;
  customFieldId?: number | null;
}

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';
const trimmed = (v: string | null | undefined): string | null => (blank(v) ? null : v!.trim());

/**
 * A quantified group that itself holds a quantifier (`(a+)+`, `(\w*)*`, `(x|y+){2,}`): the shape
 * of catastrophic backtracking. The regex runs on a public endpoint against what strangers type,
 * so such a pattern is refused when saved rather than left to stall the event loop.
 */
function nestedQuantifier(source: string): boolean {
  return /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d*,?\d*\})/.test(source);
}

export function publicField(f: FormFieldRow) {
  return {
    id: f.id, formId: f.formId, sortOrder: f.sortOrder, label: f.label, labelEn: f.labelEn, fieldType: f.fieldType, isRequired: f.isRequired,
    minValue: f.minValue, maxValue: f.maxValue, minLength: f.minLength, maxLength: f.maxLength, regexValidation: f.regexValidation,
    maxFileSizeByMegabyte: f.maxFileSizeByMegabyte, contactField: f.contactField, customFieldId: f.customFieldId,
  };
}

/**
 * The form builder's panel side: forms of the caller's tenant slice (plain users: their own),
 * their fields (rules per type, mapping onto the phonebook's contact and custom fields, order),
 * publishing, and the answers' list. The public page and submissions are `FormSubmissionsService`.
 */
@injectable()
export class FormsService {
  constructor(
    @inject(FormsRepository) private readonly repo: FormsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(CustomFieldsService) private readonly customFields: CustomFieldsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(AuditService) private readonly audit: AuditService,
    @inject(KeptFiles) private readonly kept: KeptFiles,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(ShortLinksService) private readonly shortLinks: ShortLinksService,
  ) {}

  /** A file a visitor uploaded with an answer, for who may see the answer's form; anything else is "not found". */
  async answerFile(ctx: Actor, answerId: number, fieldId: number): Promise<{ content: Buffer; fileName: string }> {
    const answer = await this.repo.submissionById(String(answerId));
    if (!answer) throw notFound('forms.fileNotFound');
    try {
      await this.visible(ctx, answer.formId);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw notFound('forms.fileNotFound');
      throw err;
    }
    const value = answer.values[String(fieldId)];
    if (!value || typeof value !== 'object') throw notFound('forms.fileNotFound');
    const content = await this.kept.read(FORM_FILES_FOLDER, value.fileKey).catch(() => null);
    if (!content) throw notFound('forms.fileNotFound');
    return { content, fileName: value.fileName ?? 'file' };
  }

  async list(ctx: Actor, filter: { pageIndex: number; pageSize: number; search?: string }) {
    const page = await this.repo.list(ctx.tenant, { ...normalizeSearch(filter), userId: ctx.tenant.subtree ? undefined : ctx.principal.userId });
    return { items: page.items.map((f) => this.view(f)), totalCount: page.totalCount };
  }

  async get(ctx: Actor, id: number) {
    const form = await this.visible(ctx, id);
    return { ...this.view(form), fields: (await this.repo.fields(id)).map(publicField) };
  }

  async create(ctx: Actor, input: FormInput) {
    const values = await this.judge(ctx, input, null);
    const id = await this.uow.run(async (tx) => {
      const formId = await this.repo.insert(tx, { organizationId: ctx.tenant.organizationId, userId: ctx.principal.userId }, values);
      await this.audit.record(tx, ctx, { operationType: 'Create', className: 'Form', referenceId: formId, newData: values });
      return formId;
    });
    return this.get(ctx, id);
  }

  /** The owner stays the creator: the thank-you goes out in the owner's name (line, credit). */
  async update(ctx: Actor, id: number, input: FormInput) {
    const current = await this.visible(ctx, id);
    const values = await this.judge(ctx, input, current);
    await this.uow.run(async (tx) => {
      await this.repo.update(tx, id, values, this.clock.now());
      // A published form must stay answerable as it is now (a phonebook or a thank-you needs the mobile).
      if (current.isPublished) await this.refuseUnpublishable(tx, { ...current, ...values }, await this.repo.fields(id, tx));
      await this.audit.record(tx, ctx, { operationType: 'Update', className: 'Form', referenceId: id, oldData: current, newData: values });
    });
    return this.get(ctx, id);
  }

  async publish(ctx: Actor, id: number, isPublished: boolean) {
    const form = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      if (isPublished) await this.refuseUnpublishable(tx, form, await this.repo.fields(id, tx));
      await this.repo.update(tx, id, { isPublished }, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: isPublished ? 'Publish' : 'Unpublish', className: 'Form', referenceId: id, newData: { isPublished } });
    });
    return this.get(ctx, id);
  }

  async delete(ctx: Actor, id: number) {
    const form = await this.visible(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.softDelete(tx, id, this.clock.now());
      await this.audit.record(tx, ctx, { operationType: 'Delete', className: 'Form', referenceId: id, oldData: { title: form.title, answersCount: form.answersCount } });
    });
    return { id };
  }

  async createField(ctx: Actor, formId: number, input: FieldInput) {
    const form = await this.visible(ctx, formId);
    const fields = await this.repo.fields(formId);
    if (fields.length >= FORM_LIMITS.fields) throw badRequest('forms.tooManyFields', { max: FORM_LIMITS.fields });
    const values = await this.judgeField(form, input, fields, null);
    await this.uow.run(async (tx) => {
      const id = await this.repo.insertField(tx, formId, values);
      await this.audit.record(tx, ctx, { operationType: 'CreateField', className: 'Form', referenceId: formId, newData: { id, ...values } });
    });
    return (await this.repo.fields(formId)).map(publicField);
  }

  async updateField(ctx: Actor, id: number, input: FieldInput) {
    const { form, field, fields } = await this.fieldOf(ctx, id);
    const values = await this.judgeField(form, input, fields, field);
    await this.uow.run(async (tx) => {
      await this.repo.updateField(tx, id, values);
      if (form.isPublished) await this.refuseUnpublishable(tx, form, await this.repo.fields(form.id, tx));
      await this.audit.record(tx, ctx, { operationType: 'UpdateField', className: 'Form', referenceId: form.id, oldData: field, newData: { id, ...values } });
    });
    return (await this.repo.fields(form.id)).map(publicField);
  }

  async deleteField(ctx: Actor, id: number) {
    const { form, field } = await this.fieldOf(ctx, id);
    await this.uow.run(async (tx) => {
      await this.repo.deleteField(tx, id);
      if (form.isPublished) await this.refuseUnpublishable(tx, form, await this.repo.fields(form.id, tx));
      await this.audit.record(tx, ctx, { operationType: 'DeleteField', className: 'Form', referenceId: form.id, oldData: field });
    });
    return (await this.repo.fields(form.id)).map(publicField);
  }

  async reorder(ctx: Actor, formId: number, fieldIds: number[]) {
    await this.visible(ctx, formId);
    await this.uow.run(async (tx) => {
      const current = (await this.repo.fields(formId, tx)).map((f) => f.id).sort((a, b) => a - b);
      const asked = [...fieldIds].sort((a, b) => a - b);
      if (current.length !== asked.length || current.some((v, i) => v !== asked[i])) throw badRequest('status.400', {}, [{ propertyName: 'fieldIds', key: 'forms.reorderMismatch' }]);
      await this.repo.reorder(tx, formId, fieldIds);
      await this.audit.record(tx, ctx, { operationType: 'ReorderFields', className: 'Form', referenceId: formId, newData: { fieldIds } });
    });
    return (await this.repo.fields(formId)).map(publicField);
  }

  async answers(ctx: Actor, query: { formId: number; pageIndex: number; pageSize: number }) {
    const form = await this.visible(ctx, query.formId);
    const page = await this.repo.submissionsPage(query.formId, query);
    // Who answered: only a personal link of the form's own organization names its receiver (the
    // contract with short links, engage/CONTEXT.md); any other code stays anonymous.
    const receivers = new Map<string, string | null>();
    for (const code of new Set(page.items.map((s) => s.shortLinkCode).filter((c): c is string => c !== null))) {
      const link = await this.shortLinks.receiverForCode(code);
      receivers.set(code, link && link.organizationId === form.organizationId ? link.receiver : null);
    }
    return { items: page.items.map((s) => submissionView(s, s.shortLinkCode === null ? null : receivers.get(s.shortLinkCode) ?? null)), totalCount: page.totalCount };
  }

  /** The form, its fields and its answers in id pages, for the Excel export. */
  async exportSource(ctx: Actor, formId: number) {
    const form = await this.visible(ctx, formId);
    const fields = await this.repo.fields(formId);
    const repo = this.repo;
    async function* pages() {
      for (let after = '0'; ;) {
        const rows = await repo.submissionsAfter(formId, after, 1_000);
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1].id;
      }
    }
    return { form, fields, pages: pages() };
  }

  async visible(ctx: Actor, id: number): Promise<FormRow> {
    const row = await this.repo.visible(ctx.tenant, id);
    if (!row || (!ctx.tenant.subtree && row.userId !== ctx.principal.userId)) throw notFound('forms.notFound');
    return row;
  }

  private async fieldOf(ctx: Actor, id: number) {
    const owner = await this.repo.fieldOwner(id);
    if (owner === null) throw notFound('forms.fieldNotFound');
    let form: FormRow;
    try {
      form = await this.visible(ctx, owner);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw notFound('forms.fieldNotFound');
      throw err;
    }
    const fields = await this.repo.fields(form.id);
    return { form, field: fields.find((f) => f.id === id)!, fields };
  }

  private view(f: FormRow) {
    return {
      id: f.id, organizationId: f.organizationId, userId: f.userId, title: f.title, description: f.description, theme: f.theme,
      phonebookId: f.phonebookId, phonebookName: f.phonebookName, isPublished: f.isPublished, privateNumberId: f.privateNumberId, senderNumber: f.senderNumber,
      dynamicTemplateId: f.dynamicTemplateId, thankYouSmsText: f.thankYouSmsText, thankYouText: f.thankYouText, answersCount: f.answersCount,
      createdAt: f.createdAt, lastModified: f.lastModified,
    };
  }

  /** Every problem of the form's settings at once, each on its field. */
  private async judge(ctx: Actor, input: FormInput, current: FormRow | null): Promise<FormValues> {
    const issues: ValidationIssue[] = [];
    if (blank(input.title)) issues.push({ propertyName: 'title', key: 'forms.titleRequired' });
    const phonebookId = input.phonebookId ?? null;
    let phonebookOrg: number | null = null;
    if (phonebookId !== null && phonebookId !== current?.phonebookId) {
      try {
        // Answers are written into it: the caller must be able to change its contacts.
        phonebookOrg = (await this.uow.run((tx) => this.contacts.phonebookForSafeList(ctx, phonebookId, tx))).organizationId;
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        issues.push({ propertyName: 'phonebookId', key: 'forms.phonebookNotUsable' });
      }
    } else if (phonebookId !== null) {
      phonebookOrg = (await this.contacts.phonebookForSend(ctx, phonebookId).catch(() => null))?.organizationId ?? null;
    }
    const privateNumberId = input.privateNumberId ?? null;
    const dynamicTemplateId = input.dynamicTemplateId ?? null;
    const thankYouSmsText = trimmed(input.thankYouSmsText);
    if (privateNumberId !== null) {
      const lines = await this.numbers.myNumbers(ctx, 'Single');
      if (!lines.some((l) => l.id === privateNumberId)) issues.push({ propertyName: 'privateNumberId', key: 'forms.lineNotUsable' });
      if (dynamicTemplateId === null && thankYouSmsText === null) issues.push({ propertyName: 'thankYouSmsText', key: 'forms.thankYouSmsRequired' });
    } else if (dynamicTemplateId !== null || thankYouSmsText !== null) {
      issues.push({ propertyName: 'privateNumberId', key: 'forms.lineRequired' });
    }
    if (dynamicTemplateId !== null && thankYouSmsText !== null) issues.push({ propertyName: 'thankYouSmsText', key: 'forms.onlyTemplateOrText' });
    const templateOrg = phonebookOrg ?? ctx.tenant.organizationId;
    const fieldNames = (await this.customFields.ofOrganization(templateOrg)).map((f) => ({ nameEn: f.nameEn, type: f.type }));
    if (dynamicTemplateId !== null) {
      const template = await this.repo.template(ctx.tenant.organizationId, dynamicTemplateId, ctx.tenant.subtree ? null : ctx.principal.userId);
      if (!template) issues.push({ propertyName: 'dynamicTemplateId', key: 'forms.templateNotUsable' });
      else {
        const compiled = compileTemplate(parseTemplate(toBraces(parseTemplateIn(template.format, template.customText))), fieldNames);
        if ('unknown' in compiled) issues.push({ propertyName: 'dynamicTemplateId', key: 'forms.unknownPlaceholder', params: { fields: compiled.unknown.join(' ') } });
      }
    }
    if (thankYouSmsText !== null) {
      const compiled = compileTemplate(parseTemplate(thankYouSmsText), fieldNames);
      if ('unknown' in compiled) issues.push({ propertyName: 'thankYouSmsText', key: 'forms.unknownPlaceholder', params: { fields: compiled.unknown.join(' ') } });
    }
    if (issues.length) throw badRequest('status.400', {}, issues);
    return {
      title: input.title.trim(), description: trimmed(input.description), theme: input.theme ?? 'default', phonebookId, privateNumberId, dynamicTemplateId,
      thankYouSmsText, thankYouText: trimmed(input.thankYouText),
    };
  }

  /** A field's rules: only those of its type, min not above max, a regex that compiles and cannot backtrack without end, a mapping that fits. */
  private async judgeField(form: FormRow, input: FieldInput, fields: FormFieldRow[], current: FormFieldRow | null): Promise<FormFieldValues> {
    const issues: ValidationIssue[] = [];
    const type = input.fieldType;
    if (blank(input.label)) issues.push({ propertyName: 'label', key: 'forms.labelRequired' });
    const numeric = type === 'Integer' || type === 'Float';
    const textual = type === 'String';
    const notFor = (name: string) => issues.push({ propertyName: name, key: 'forms.ruleNotForType', params: { fieldType: type } });
    const minValue = input.minValue ?? null;
    const maxValue = input.maxValue ?? null;
    const minLength = input.minLength ?? null;
    const maxLength = input.maxLength ?? null;
    const regex = trimmed(input.regexValidation);
    let maxFile = input.maxFileSizeByMegabyte ?? null;
    if (!numeric && minValue !== null) notFor('minValue');
    if (!numeric && maxValue !== null) notFor('maxValue');
    if (numeric && minValue !== null && maxValue !== null && minValue > maxValue) issues.push({ propertyName: 'minValue', key: 'forms.minAboveMax' });
    if (type === 'Integer') {
      if (minValue !== null && !Number.isInteger(minValue)) issues.push({ propertyName: 'minValue', key: 'forms.value.integer' });
      if (maxValue !== null && !Number.isInteger(maxValue)) issues.push({ propertyName: 'maxValue', key: 'forms.value.integer' });
    }
    if (!textual && minLength !== null) notFor('minLength');
    if (!textual && maxLength !== null) notFor('maxLength');
    if (!textual && regex !== null) notFor('regexValidation');
    if (textual && minLength !== null && maxLength !== null && minLength > maxLength) issues.push({ propertyName: 'minLength', key: 'forms.minAboveMax' });
    if (textual && regex !== null && (!compileFormRegex(regex) || nestedQuantifier(regex))) issues.push({ propertyName: 'regexValidation', key: 'forms.regexInvalid' });
    if (type === 'File') {
      if (maxFile === null || maxFile <= 0 || maxFile > FORM_LIMITS.maxFileMegabytes) issues.push({ propertyName: 'maxFileSizeByMegabyte', key: 'forms.fileSizeRequired', params: { max: FORM_LIMITS.maxFileMegabytes } });
    } else if (maxFile !== null) {
      notFor('maxFileSizeByMegabyte');
      maxFile = null;
    }
    if (type === 'Mobile' && fields.some((f) => f.fieldType === 'Mobile' && f.id !== current?.id)) issues.push({ propertyName: 'fieldType', key: 'forms.mobileTaken' });
    const contactField = input.contactField ?? null;
    const customFieldId = input.customFieldId ?? null;
    if (contactField !== null && customFieldId !== null) issues.push({ propertyName: 'customFieldId', key: 'forms.bothMappings' });
    const others = fields.filter((f) => f.id !== current?.id);
    if (contactField !== null) {
      if (!contactFieldFits(contactField, type)) issues.push({ propertyName: 'contactField', key: 'forms.contactFieldType', params: { contactField } });
      else if (others.some((f) => f.contactField === contactField)) issues.push({ propertyName: 'contactField', key: 'forms.mappingTaken' });
    }
    if (customFieldId !== null) {
      const organizationId = form.phonebookId === null ? form.organizationId : (await this.repo.phonebookOrganization(form.phonebookId)) ?? form.organizationId;
      const def = (await this.repo.customFields(organizationId)).find((f) => f.id === customFieldId);
      if (!def) issues.push({ propertyName: 'customFieldId', key: 'forms.customFieldUnknown' });
      else if (def.type !== type) issues.push({ propertyName: 'customFieldId', key: 'forms.customFieldType', params: { type: def.type } });
      else if (others.some((f) => f.customFieldId === customFieldId)) issues.push({ propertyName: 'customFieldId', key: 'forms.mappingTaken' });
    }
    if (issues.length) throw badRequest('status.400', {}, issues);
    return {
      label: input.label.trim(), labelEn: trimmed(input.labelEn), fieldType: type, isRequired: input.isRequired ?? false,
      minValue: numeric ? minValue : null, maxValue: numeric ? maxValue : null, minLength: textual ? minLength : null, maxLength: textual ? maxLength : null,
      regexValidation: textual ? regex : null, maxFileSizeByMegabyte: maxFile, contactField, customFieldId,
    };
  }

  /** A form is answerable when it has fields and, if it writes a contact or sends a thank-you, a required mobile field. */
  private async refuseUnpublishable(_tx: unknown, form: Pick<FormRow, 'phonebookId' | 'privateNumberId'>, fields: FormFieldRow[]): Promise<void> {
    if (fields.length === 0) throw badRequest('forms.noFields');
    const needsMobile = form.phonebookId !== null || form.privateNumberId !== null;
    if (needsMobile && !fields.some((f) => f.fieldType === 'Mobile' && f.isRequired)) throw badRequest('forms.mobileNeeded');
  }
}

export function submissionView(s: import('./forms.repository.js').FormSubmissionRow, linkReceiver: string | null = null) {
  return {
    id: s.id, formId: s.formId, values: s.values, mobile: s.mobile, contactId: s.contactId, contactCreated: s.contactCreated, contactFailure: s.contactFailure,
    shortLinkCode: s.shortLinkCode, linkReceiver, sendId: s.sendId, sendFailure: s.sendFailure, createdAt: s.createdAt,
  };
}
