import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CUSTOM_FIELD_TYPES } from '../../../../server/shared/contacts/contact-fields';
import { contactFieldFits, FORM_CONTACT_FIELDS, FORM_FIELD_TYPES, FORM_THEMES } from '../../../../server/shared/engage/form-fields';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { customFieldsApi, getPhonebookChoices } from '../contacts/contacts-api';
import { dynamicTemplatesApi } from '../dynamic-templates/dynamic-templates-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { useFormFailure } from '../sending/send-form-failure';
import { FilledForm } from './filled-form';
import {
  FORMS_PATH, formPath, formsApi, formsKeys, publicFormPath, type FieldInput, type FormContactField, type FormDetail, type FormField, type FormFieldType, type FormInput, type FormTheme,
} from './forms-api';

type Tab = 'settings' | 'fields' | 'preview' | 'answers';

/** A native select with the panel's label, hint and error frame (short enumerations: keyboard and screen readers get the browser's own list). */
function ChoiceField({ id, label, value, onChange, options, error, hint, testId }: {
  id: string; label: string; value: string; onChange(v: string): void; options: { value: string; label: string }[]; error?: string; hint?: string; testId: string;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={error ?? null}>
      <select id={id} className={inputClass(!!error)} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error ?? null)} data-testid={testId}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </FieldFrame>
  );
}

const numberOrNull = (text: string): number | null => {
  const v = toLatinDigits(text.trim());
  return v === '' ? null : Number(v);
};

/** The form builder: settings, fields (rules per type, order with up/down), a live preview, publishing with the public address, and the answers. */
export function FormBuilderPage() {
  const { id } = useParams();
  const formId = id && id !== 'new' ? Number(id) : null;
  const { api, store } = useApp();
  const english = useAppState(store, (s) => s.language) !== 'fa';
  const { t } = useTranslation('forms');
  const { data: form, isLoading, mutate } = useSWR(formId ? formsKeys.one(formId) : null, () => formsApi.get(api, formId!));
  const [tab, setTab] = useState<Tab>('settings');
  const tabs: Tab[] = formId ? ['settings', 'fields', 'preview', 'answers'] : ['settings'];

  if (formId && (isLoading || !form)) return <Spinner label={t('builder.loading')} />;
  return (
    <section data-testid="form-builder-page">
      <PageHeader title={form ? t('builder.editTitle', { title: form.title }) : t('builder.createTitle')} breadcrumbs={<Link to={FORMS_PATH} className="underline">{t('common.back')}</Link>} />
      {form && <PublishBar form={form} onChanged={() => void mutate()} />}
      <div role="tablist" aria-label={t('builder.createTitle')} className="mb-4 flex flex-wrap gap-2 border-b border-gray-200">
        {tabs.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} id={`form-tab-${k}`} aria-controls={`form-panel-${k}`} data-testid={`form-tab-${k}`}
            className={`-mb-px border-b-2 px-3 py-2 text-sm ${tab === k ? 'border-sky-700 font-semibold text-sky-800' : 'border-transparent'}`} onClick={() => setTab(k)}>
            {t(`builder.tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`form-panel-${tab}`} aria-labelledby={`form-tab-${tab}`}>
        {tab === 'settings' && <SettingsPanel form={form ?? null} onSaved={() => void mutate()} />}
        {tab === 'fields' && form && <FieldsPanel form={form} onChanged={(fields) => void mutate({ ...form, fields }, { revalidate: false })} />}
        {tab === 'preview' && form && (
          <div className="grid gap-2">
            <p className="text-sm text-gray-600">{t('preview.hint')}</p>
            <FilledForm form={form} english={english} testIdPrefix="form-preview" submit={async () => ({ thankYouText: form.thankYouText })} />
          </div>
        )}
        {tab === 'answers' && form && <AnswersPanel form={form} />}
      </div>
    </section>
  );
}

function PublishBar({ form, onChanged }: { form: FormDetail; onChanged(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = `${window.location.origin}${publicFormPath(form.id)}`;
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      await formsApi.publish(api, { id: form.id, isPublished: !form.isPublished }, { quiet: true });
      showToast({ kind: 'success', message: t(form.isPublished ? 'builder.unpublishedToast' : 'builder.publishedToast') });
      onChanged();
    } catch (err) {
      const found = errorsOf(err);
      setError(Object.values(found).join(' '));
    } finally { setBusy(false); }
  };
  const copy = async () => {
    try { await navigator.clipboard.writeText(address); showToast({ kind: 'success', message: t('builder.copied') }); } catch { /* the address stays selectable on screen */ }
  };
  return (
    <div className="mb-4 grid gap-2 rounded border border-slate-200 p-3" data-testid="form-publish-bar">
      <p className="text-sm" data-testid="form-publish-state">{t(form.isPublished ? 'builder.published' : 'builder.notPublished')}</p>
      {error && <p role="alert" className="text-sm text-red-700" data-testid="form-publish-error">{error}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <TextField id="form-public-address" label={t('builder.publicAddress')} value={address} readOnly dir="ltr" data-testid="form-public-address" className="min-w-[16rem] flex-1" />
        <Button variant="secondary" onClick={() => void copy()} data-testid="form-copy-address">{t('builder.copy')}</Button>
        <a className="rounded border px-3 py-2 text-sm underline" href={publicFormPath(form.id)} target="_blank" rel="noreferrer" data-testid="form-open-public">{t('builder.open')}</a>
        <Button loading={busy} variant={form.isPublished ? 'secondary' : 'primary'} onClick={() => void toggle()} data-testid="form-publish">
          {t(form.isPublished ? 'builder.unpublish' : 'builder.publish')}
        </Button>
      </div>
    </div>
  );
}

function SettingsPanel({ form, onSaved }: { form: FormDetail | null; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: books, isLoading: booksLoading } = useSWR(formsKeys.phonebooks(), () => getPhonebookChoices(api, { manageable: true }));
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Single'), () => getMyNumbers(api, { sendType: 'Single' }));
  const { data: templates, isLoading: templatesLoading } = useSWR(formsKeys.templates(), () => dynamicTemplatesApi.choices(api));
  const [input, setInput] = useState<FormInput>({ title: '', description: null, theme: 'default', phonebookId: null, privateNumberId: null, dynamicTemplateId: null, thankYouSmsText: null, thankYouText: null });
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);
  useEffect(() => {
    if (!form || loaded.current) return;
    loaded.current = true;
    setInput({ title: form.title, description: form.description, theme: form.theme as FormTheme, phonebookId: form.phonebookId, privateNumberId: form.privateNumberId,
      dynamicTemplateId: form.dynamicTemplateId, thankYouSmsText: form.thankYouSmsText, thankYouText: form.thankYouText });
  }, [form]);
  const set = (patch: Partial<FormInput>) => setInput((i) => ({ ...i, ...patch }));
  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.useForm === 'Mask' && l.mask ? l.mask : l.number })), [lines]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!input.title.trim()) local.title = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const body = { ...input, title: input.title.trim(), description: input.description?.trim() || null, thankYouSmsText: input.thankYouSmsText?.trim() || null, thankYouText: input.thankYouText?.trim() || null };
    setBusy(true);
    try {
      const saved = form ? await formsApi.update(api, { id: form.id, ...body }, { quiet: true }) : await formsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('builder.saved') });
      await mutate(formsKeys.isFormKey);
      if (form) onSaved(); else void navigate(formPath(saved.id));
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void save(e)} className="grid max-w-3xl gap-4" data-testid="form-settings">
      <ErrorSummary errors={errors} testId="form-settings-errors" />
      <TextField id="form-title" data-testid="form-title" label={t('builder.title')} value={input.title} dir="auto" maxLength={200} required error={errors.title} onChange={(e) => set({ title: e.target.value })} />
      <FieldFrame id="form-description" label={t('builder.description')} errorText={errors.description ?? null}>
        <textarea id="form-description" className={inputClass(!!errors.description)} rows={3} dir="auto" maxLength={2000} value={input.description ?? ''} data-testid="form-description"
          onChange={(e) => set({ description: e.target.value })} />
      </FieldFrame>
      <ChoiceField id="form-theme" testId="form-theme" label={t('builder.theme')} value={input.theme} error={errors.theme}
        options={FORM_THEMES.map((v) => ({ value: v, label: t(`themes.${v}`) }))} onChange={(v) => set({ theme: v as FormTheme })} />
      <Select id="form-phonebook" data-testid="form-phonebook" label={t('builder.phonebook')} hint={t('builder.phonebookHint')} items={books ?? []} value={input.phonebookId ?? ''} loading={booksLoading}
        error={errors.phonebookId} renderOption={(b) => <UserText>{b.title}</UserText>} onChange={(v) => set({ phonebookId: v === null ? null : Number(v) })} />
      <Select id="form-line" data-testid="form-line" label={t('builder.line')} hint={t('builder.lineHint')} items={lineItems} value={input.privateNumberId ?? ''} loading={linesLoading}
        error={errors.privateNumberId} onChange={(v) => set({ privateNumberId: v === null ? null : Number(v) })} />
      <Select id="form-template" data-testid="form-template" label={t('builder.template')} hint={t('builder.templateHint')} items={templates ?? []} value={input.dynamicTemplateId ?? ''} loading={templatesLoading}
        error={errors.dynamicTemplateId} renderOption={(d) => <UserText>{d.title}</UserText>} onChange={(v) => set({ dynamicTemplateId: v === null ? null : Number(v) })} />
      <TextField id="form-thank-you-sms" data-testid="form-thank-you-sms" label={t('builder.thankYouSmsText')} hint={t('builder.thankYouSmsHint')} value={input.thankYouSmsText ?? ''} dir="auto" maxLength={1000}
        error={errors.thankYouSmsText} onChange={(e) => set({ thankYouSmsText: e.target.value })} />
      <TextField id="form-thank-you-text" data-testid="form-thank-you-text" label={t('builder.thankYouText')} value={input.thankYouText ?? ''} dir="auto" maxLength={1000}
        error={errors.thankYouText} onChange={(e) => set({ thankYouText: e.target.value })} />
      <div className="flex justify-end gap-2">
        <Button type="submit" loading={busy} data-testid="form-save">{t('common.save')}</Button>
      </div>
    </form>
  );
}

const emptyField = (): FieldInput => ({
  label: '', labelEn: null, fieldType: 'String', isRequired: false, minValue: null, maxValue: null, minLength: null, maxLength: null,
  regexValidation: null, maxFileSizeByMegabyte: null, contactField: null, customFieldId: null,
});

function FieldsPanel({ form, onChanged }: { form: FormDetail; onChanged(fields: FormField[]): void }) {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const digits = useDigits();
  const [editing, setEditing] = useState<{ id: number | null; input: FieldInput } | null>(null);
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState(false);
  const fields = form.fields;

  const rulesOf = (f: FormField): string => {
    const parts: string[] = [];
    if (f.isRequired) parts.push(t('fields.isRequired'));
    if (f.minValue !== null) parts.push(`${t('fields.minValue')} ${digits(f.minValue)}`);
    if (f.maxValue !== null) parts.push(`${t('fields.maxValue')} ${digits(f.maxValue)}`);
    if (f.minLength !== null) parts.push(`${t('fields.minLength')} ${digits(f.minLength)}`);
    if (f.maxLength !== null) parts.push(`${t('fields.maxLength')} ${digits(f.maxLength)}`);
    if (f.regexValidation) parts.push(t('fields.regex'));
    if (f.maxFileSizeByMegabyte !== null) parts.push(`${digits(f.maxFileSizeByMegabyte)} MB`);
    if (f.contactField) parts.push(`→ ${t(`contactFields.${f.contactField}`)}`);
    return parts.length ? t('fields.rules', { rules: parts.join('، ') }) : t('fields.noRules');
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = fields.map((f) => f.id);
    const [taken] = ids.splice(index, 1);
    ids.splice(index + by, 0, taken);
    setMoving(true);
    try {
      onChanged(await formsApi.reorder(api, { formId: form.id, fieldIds: ids }));
      showToast({ kind: 'success', message: t('fields.reordered') });
      // Keep the keyboard where it was: on the moved field's same button.
      setTimeout(() => document.querySelector<HTMLElement>(`[data-field-id="${taken}"] [data-testid="${by < 0 ? 'form-field-up' : 'form-field-down'}"]:not([disabled])`)?.focus(), 0);
    } catch { /* the error catalogue told the user */ } finally { setMoving(false); }
  };
  const remove = async (f: FormField) => {
    setBusy(true);
    try {
      onChanged(await formsApi.deleteField(api, f.id));
      showToast({ kind: 'success', message: t('fields.removed') });
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  return (
    <div className="grid gap-4" data-testid="form-fields">
      {form.phonebookId === null && <p className="text-sm text-amber-800" data-testid="form-fields-no-phonebook">{t('fields.noPhonebook')}</p>}
      {fields.length === 0 ? (
        <div className="rounded border border-dashed p-4 text-center" data-testid="form-fields-empty">
          <p className="font-medium">{t('fields.empty')}</p>
          <p className="text-sm text-gray-600">{t('fields.emptyHint')}</p>
        </div>
      ) : (
        <ol className="grid gap-2" aria-label={t('fields.title')}>
          {fields.map((f, i) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2" data-testid="form-field-row" data-field-id={f.id}>
              <div className="min-w-0">
                <span className="font-medium" dir="auto">{f.label}</span>{f.labelEn && <span className="ms-2 text-sm text-gray-600" dir="ltr">{f.labelEn}</span>}
                <span className="ms-2 rounded bg-slate-100 px-1 text-xs">{t(`types.${f.fieldType}`)}</span>
                <p className="text-xs text-gray-600">{rulesOf(f)}</p>
              </div>
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" disabled={i === 0 || moving} aria-label={t('fields.moveUp', { label: f.label })} onClick={() => void move(i, -1)} data-testid="form-field-up">↑</Button>
                <Button size="sm" variant="ghost" disabled={i === fields.length - 1 || moving} aria-label={t('fields.moveDown', { label: f.label })} onClick={() => void move(i, 1)} data-testid="form-field-down">↓</Button>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ id: f.id, input: { ...emptyField(), ...f, contactField: f.contactField as FormContactField | null, fieldType: f.fieldType as FormFieldType } })} data-testid="form-field-edit">{t('common.edit')}</Button>
                <Button size="sm" variant="danger" disabled={busy} aria-label={t('fields.remove', { label: f.label })} onClick={() => void remove(f)} data-testid="form-field-delete">{t('common.delete')}</Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {editing ? (
        <FieldEditor form={form} editing={editing} onDone={(next) => { if (next) onChanged(next); setEditing(null); }} />
      ) : (
        <div><Button onClick={() => setEditing({ id: null, input: emptyField() })} data-testid="form-field-add">{t('fields.add')}</Button></div>
      )}
    </div>
  );
}

function FieldEditor({ form, editing, onDone }: { form: FormDetail; editing: { id: number | null; input: FieldInput }; onDone(fields: FormField[] | null): void }) {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const { data: customFields } = useSWR(formsKeys.customFields(form.phonebookId), () => customFieldsApi.list(api, form.phonebookId ? { phonebookId: form.phonebookId } : {}));
  const [input, setInput] = useState<FieldInput>(editing.input);
  const [texts, setTexts] = useState(() => ({
    minValue: editing.input.minValue?.toString() ?? '', maxValue: editing.input.maxValue?.toString() ?? '', minLength: editing.input.minLength?.toString() ?? '',
    maxLength: editing.input.maxLength?.toString() ?? '', maxFile: editing.input.maxFileSizeByMegabyte?.toString() ?? '',
  }));
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FieldInput>) => setInput((i) => ({ ...i, ...patch }));
  const type = input.fieldType;
  const numeric = type === 'Integer' || type === 'Float';
  const textual = type === 'String';
  const mappable = (CUSTOM_FIELD_TYPES as readonly string[]).includes(type);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!input.label.trim()) local.label = t('common.required');
    const nums = { minValue: numberOrNull(texts.minValue), maxValue: numberOrNull(texts.maxValue), minLength: numberOrNull(texts.minLength), maxLength: numberOrNull(texts.maxLength), maxFile: numberOrNull(texts.maxFile) };
    for (const [k, v] of Object.entries(nums)) if (v !== null && !Number.isFinite(v)) local[k === 'maxFile' ? 'maxFileSizeByMegabyte' : k] = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    const body: FieldInput = {
      ...input, label: input.label.trim(), labelEn: input.labelEn?.trim() || null, regexValidation: textual ? input.regexValidation?.trim() || null : null,
      minValue: numeric ? nums.minValue : null, maxValue: numeric ? nums.maxValue : null, minLength: textual ? nums.minLength : null, maxLength: textual ? nums.maxLength : null,
      maxFileSizeByMegabyte: type === 'File' ? nums.maxFile : null,
      contactField: mappable ? input.contactField : null, customFieldId: mappable && !input.contactField ? input.customFieldId : null,
    };
    setBusy(true);
    try {
      const fields = editing.id ? await formsApi.updateField(api, { id: editing.id, ...body }, { quiet: true }) : await formsApi.createField(api, { formId: form.id, ...body }, { quiet: true });
      showToast({ kind: 'success', message: t('fields.saved') });
      onDone(fields);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  const customChoices = (customFields?.items ?? []).filter((c) => c.type === type);
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void save(e)} className="grid max-w-3xl gap-3 rounded border border-sky-200 p-3" data-testid="form-field-editor" aria-label={t(editing.id ? 'fields.editTitle' : 'fields.addTitle')}>
      <h2 className="font-semibold">{t(editing.id ? 'fields.editTitle' : 'fields.addTitle')}</h2>
      <ErrorSummary errors={errors} testId="form-field-errors" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="field-label" data-testid="field-label" label={t('fields.label')} value={input.label} dir="auto" maxLength={200} required error={errors.label} onChange={(e) => set({ label: e.target.value })} />
        <TextField id="field-label-en" data-testid="field-label-en" label={t('fields.labelEn')} hint={t('fields.labelEnHint')} value={input.labelEn ?? ''} dir="ltr" maxLength={200} error={errors.labelEn} onChange={(e) => set({ labelEn: e.target.value })} />
      </div>
      <ChoiceField id="field-type" testId="field-type" label={t('fields.fieldType')} value={type} error={errors.fieldType}
        options={FORM_FIELD_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} onChange={(v) => set({ fieldType: v as FormFieldType, contactField: null, customFieldId: null })} />
      <CheckboxField id="field-required" data-testid="field-required" label={t('fields.isRequired')} checked={input.isRequired} onCheckedChange={(c) => set({ isRequired: c })} />
      {numeric && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id="field-min-value" data-testid="field-min-value" label={t('fields.minValue')} value={texts.minValue} dir="ltr" inputMode="decimal" error={errors.minValue} onChange={(e) => setTexts((x) => ({ ...x, minValue: e.target.value }))} />
          <TextField id="field-max-value" data-testid="field-max-value" label={t('fields.maxValue')} value={texts.maxValue} dir="ltr" inputMode="decimal" error={errors.maxValue} onChange={(e) => setTexts((x) => ({ ...x, maxValue: e.target.value }))} />
        </div>
      )}
      {textual && (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField id="field-min-length" data-testid="field-min-length" label={t('fields.minLength')} value={texts.minLength} dir="ltr" inputMode="numeric" error={errors.minLength} onChange={(e) => setTexts((x) => ({ ...x, minLength: e.target.value }))} />
            <TextField id="field-max-length" data-testid="field-max-length" label={t('fields.maxLength')} value={texts.maxLength} dir="ltr" inputMode="numeric" error={errors.maxLength} onChange={(e) => setTexts((x) => ({ ...x, maxLength: e.target.value }))} />
          </div>
          <TextField id="field-regex" data-testid="field-regex" label={t('fields.regex')} hint={t('fields.regexHint')} value={input.regexValidation ?? ''} dir="ltr" maxLength={500} error={errors.regexValidation} onChange={(e) => set({ regexValidation: e.target.value })} />
        </>
      )}
      {type === 'File' && (
        <TextField id="field-max-file" data-testid="field-max-file" label={t('fields.maxFile')} value={texts.maxFile} dir="ltr" inputMode="decimal" required error={errors.maxFileSizeByMegabyte} onChange={(e) => setTexts((x) => ({ ...x, maxFile: e.target.value }))} />
      )}
      {type === 'Mobile' && <p className="text-sm text-gray-600">{t('fields.mobileMapping')}</p>}
      {type === 'File' && <p className="text-sm text-gray-600">{t('fields.fileMapping')}</p>}
      {mappable && (
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceField id="field-contact-field" testId="field-contact-field" label={t('fields.contactField')} value={input.contactField ?? ''} error={errors.contactField}
            options={[{ value: '', label: t('common.none') }, ...FORM_CONTACT_FIELDS.filter((c) => contactFieldFits(c, type)).map((c) => ({ value: c, label: t(`contactFields.${c}`) }))]}
            onChange={(v) => set({ contactField: (v || null) as FormContactField | null, customFieldId: v ? null : input.customFieldId })} />
          <ChoiceField id="field-custom-field" testId="field-custom-field" label={t('fields.customField')} value={input.customFieldId ? String(input.customFieldId) : ''} error={errors.customFieldId}
            options={[{ value: '', label: t('common.none') }, ...customChoices.map((c) => ({ value: String(c.id), label: `${c.nameFa} (${c.nameEn})` }))]}
            onChange={(v) => set({ customFieldId: v ? Number(v) : null, contactField: v ? null : input.contactField })} />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onDone(null)} data-testid="field-cancel">{t('common.cancel')}</Button>
        <Button type="submit" loading={busy} data-testid="field-save">{t('common.save')}</Button>
      </div>
    </form>
  );
}

type AnswerRow = Awaited<ReturnType<typeof formsApi.answers>>['items'][number];

function AnswersPanel({ form }: { form: FormDetail }) {
  const { api } = useApp();
  const { t } = useTranslation('forms');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [exporting, setExporting] = useState(false);
  const { data, isLoading } = useSWR(formsKeys.answers(form.id, pageIndex, pageSize), () => formsApi.answers(api, { formId: form.id, pageIndex, pageSize }));
  const valueText = (v: unknown): string => {
    if (v === true) return t('common.yes');
    if (v === false) return t('common.no');
    if (v && typeof v === 'object') return String((v as { fileName?: string | null }).fileName ?? '');
    return digits(String(v ?? ''));
  };
  const save = (blob: Blob, name: string) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const download = async (answerId: string, fieldId: number, name: string) => {
    try { save(await formsApi.answerFile(api, answerId, fieldId), name || 'file'); } catch { /* the error catalogue told the user */ }
  };
  const columns = useMemo<DataTableColumn<AnswerRow>[]>(() => [
    { key: 'createdAt', header: t('answers.columns.submittedAt'), cell: (a) => <DateDisplay value={a.createdAt} /> },
    { key: 'mobile', header: t('answers.columns.mobile'), cell: (a) => <span dir="ltr">{digits(a.mobile ?? '')}</span> },
    {
      key: 'values', header: t('answers.columns.values'), hideable: false, cell: (a) => (
        <dl className="grid gap-0.5 text-sm" data-testid="form-answer-values">
          {form.fields.filter((f) => (a.values as Record<string, unknown>)[f.id] !== undefined).map((f) => {
            const value = (a.values as Record<string, unknown>)[f.id];
            return (
              <div key={f.id} className="flex gap-1"><dt className="font-medium" dir="auto">{f.label}:</dt>
                <dd dir="auto">{value && typeof value === 'object'
                  ? <button type="button" className="text-sky-700 underline" onClick={() => void download(a.id, f.id, valueText(value))} data-testid="form-answer-file"><UserText>{valueText(value)}</UserText></button>
                  : <UserText>{valueText(value)}</UserText>}</dd>
              </div>
            );
          })}
        </dl>
      ),
    },
    { key: 'shortLink', header: t('answers.columns.shortLink'), cell: (a) => (a.shortLinkCode ? <span dir="ltr">{a.linkReceiver ? `${a.linkReceiver} · ` : ''}{a.shortLinkCode}</span> : '—') },
    { key: 'contact', header: t('answers.columns.contact'), cell: (a) => (a.contactId !== null ? t(a.contactCreated ? 'answers.created' : 'answers.updated') : a.contactFailure ? t('answers.contactFailed') : t('answers.noContact')) },
    { key: 'send', header: t('answers.columns.send'), cell: (a) => (a.sendId ? t('answers.sent', { id: digits(a.sendId) }) : a.sendFailure ? t('answers.notSent', { reason: a.sendFailure }) : t('answers.noSend')) },
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `download` reads only `api`, stable for the page
  ], [t, digits, form.fields]);

  const exportFile = async () => {
    setExporting(true);
    try {
      save(await formsApi.exportAnswers(api, form.id), `form-${form.id}-answers.xlsx`);
    } catch { /* the error catalogue told the user */ } finally { setExporting(false); }
  };

  return (
    <div className="grid gap-3" data-testid="form-answers">
      <div><Button variant="secondary" loading={exporting} disabled={!data?.totalCount} onClick={() => void exportFile()} data-testid="form-answers-export">{exporting ? t('answers.exporting') : t('answers.export')}</Button></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(a) => a.id} loading={isLoading} caption={t('builder.tabs.answers')}
        emptyText={t('answers.empty')} emptyDescription={t('answers.emptyHint')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="form-answers-table" />
    </div>
  );
}
