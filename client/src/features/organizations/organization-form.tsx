import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { Select } from '../../shared/ui/select/select';
import { errorsOf, FormSection, isHhMm, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import {
  ALERT_FLAGS, bodyFrom, CEO_TEXT, formFrom, IDENTITY_FLAGS, IDENTITY_TEXT, LIMIT_INTS, LIMIT_TEXT, SETTING_FLAGS,
  TEXT_MAX, WORKPLACE_TEXT, type Organization, type OrganizationForm, type OrganizationListItem,
} from './organization-model';
import { isolateText } from '../../shared/ui/bidi';

const P = 'organization';
const LTR_FIELDS = new Set(['nationalId', 'economicCode', 'ceoMobile', 'ceoNationalCode', 'workplacePhone', 'workplaceZipCode']);
const DIGIT_FIELDS = new Set(['nationalId', 'economicCode', 'ceoMobile', 'ceoNationalCode', 'workplacePhone', 'workplaceZipCode']);

interface RoleTemplate { id: number; title: string }

export function OrganizationFormDialog({ original, parentId, onClose, onSaved }: {
  /** null: create. */
  original: Organization | null;
  parentId: number | null;
  onClose(): void;
  onSaved(org: Organization): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation('adminCommon');
  const { data: user } = useCurrentUser();
  const [form, setForm] = useState<OrganizationForm>(() => formFrom(original, parentId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { run, dialog } = useConfirmationFlow();
  const isSuperAdmin = user?.scope === 'superAdmin';
  const mayTemplates = hasClaim(user, 'RoleTemplates.Manage');

  const { data: parents } = useSWR<Page<OrganizationListItem>>(['organizations-parents'], () =>
    api.get<Page<OrganizationListItem>>('/Organizations/GetAll', { query: { pageSize: 500 } }));
  const { data: templates } = useSWR<Page<RoleTemplate>>(mayTemplates ? ['organization-templates'] : null, () =>
    api.get<Page<RoleTemplate>>('/RoleTemplates/GetAll', { query: { pageSize: 500 }, quiet: true }));

  const setText = (name: string, value: string) => setForm((f) => ({ ...f, text: { ...f.text, [name]: DIGIT_FIELDS.has(name) ? toLatinDigits(value) : value } }));
  const setInt = (name: string, value: number | null) => setForm((f) => ({ ...f, ints: { ...f.ints, [name]: value } }));
  const setFlag = (name: string, value: boolean) => setForm((f) => ({ ...f, flags: { ...f.flags, [name]: value } }));

  const validate = (): FieldErrors => {
    const out: FieldErrors = {};
    if (form.text.name.trim().length < 2) out.name = tc('form.required');
    for (const f of ['sendStartTime', 'sendEndTime'] as const) if (form[f] && !isHhMm(form[f])) out[f] = tc('form.invalidTime');
    if (!!form.sendStartTime !== !!form.sendEndTime) out[form.sendStartTime ? 'sendEndTime' : 'sendStartTime'] = tc('form.required');
    return out;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const local = validate();
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const body = bodyFrom({ ...form, sendStartTime: toLatinDigits(form.sendStartTime), sendEndTime: toLatinDigits(form.sendEndTime) }, original);
      const path = original ? '/Organizations/Update' : '/Organizations/Create';
      const result = await run((confirmation) => api.post<Organization>(path, { ...body, ...confirmation }, { quiet: true }));
      if (result) onSaved(result.value);
    } catch (err) {
      const next = errorsOf(err);
      setErrors(Object.keys(next).length ? next : { '': tc('form.fixErrors') });
    } finally {
      setBusy(false);
    }
  };

  const text = (name: string) => (
    <TextField key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} name={name} label={t(`fields.${name}`)} value={form.text[name]} error={errors[name]}
      onChange={(e) => setText(name, e.target.value)} maxLength={TEXT_MAX[name]} dir={LTR_FIELDS.has(name) ? 'ltr' : undefined}
      inputMode={DIGIT_FIELDS.has(name) ? 'numeric' : undefined} required={name === 'name'} />
  );
  const flag = (name: string) => (
    <CheckboxField key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} label={t(`fields.${name}`)} checked={form.flags[name]} error={errors[name]}
      onCheckedChange={(v) => setFlag(name, v)} />
  );
  const parentItems = (parents?.items ?? []).filter((o) => !original || o.id !== original.id);
  const typeItems = [{ id: 'organization', title: t('types.organization') }, ...(isSuperAdmin ? [{ id: 'reseller', title: t('types.reseller') }] : [])];
  const title = original ? t('editTitle', { name: isolateText(original.name) }) : t('createTitle');

  return (
    <ModalDialog open size="lg" closeOnBackdrop={false} title={title} onClose={onClose} data-testid="organization-form-dialog"
      footer={<>
        <Button variant="secondary" onClick={onClose} data-testid="organization-form-cancel">{tc('actions.cancel')}</Button>
        <Button type="submit" form="organization-form" loading={busy} data-testid="organization-form-submit">{tc('actions.save')}</Button>
      </>}>
      <form id="organization-form" noValidate onSubmit={(e) => void submit(e)} data-testid="organization-form">
        <FormSection title={t('sections.identity')} testId="organization-section-identity">
          {text('name')}
          {text('organName')}
          {!original && (
            <Select id={`${P}-type`} data-testid={`${P}-type`} label={t('fields.type')} items={typeItems} value={form.type} error={errors.type} clearable={false}
              onChange={(v) => setForm((f) => ({ ...f, type: v === 'reseller' ? 'reseller' : 'organization' }))} />
          )}
          <Select<OrganizationListItem> id={`${P}-parentId`} data-testid={`${P}-parentId`} label={t('fields.parentId')} items={parentItems} titleField="name"
            value={form.parentId} error={errors.parentId} onChange={(v) => setForm((f) => ({ ...f, parentId: v === null ? '' : String(v) }))} />
          {text('nationalId')}
          {text('economicCode')}
          {mayTemplates && (
            <Select<RoleTemplate> id={`${P}-roleTemplateId`} data-testid={`${P}-roleTemplateId`} label={t('fields.roleTemplateId')} items={templates?.items}
              placeholder={t('fields.noRoleTemplate')} value={form.roleTemplateId} error={errors.roleTemplateId}
              onChange={(v) => setForm((f) => ({ ...f, roleTemplateId: v === null ? '' : String(v) }))} />
          )}
          <div className="pt-6">{IDENTITY_FLAGS.map(flag)}</div>
        </FormSection>
        <FormSection title={t('sections.ceo')} testId="organization-section-ceo">{CEO_TEXT.map((n) => text(n))}</FormSection>
        <FormSection title={t('sections.workplace')} testId="organization-section-workplace">
          {WORKPLACE_TEXT.map((n) => text(n))}
        </FormSection>
        <FormSection title={t('sections.limits')} testId="organization-section-limits">
          {LIMIT_INTS.map((name) => (
            <NumericInput key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} label={t(`fields.${name}`)}
              value={form.ints[name] === null ? '' : String(form.ints[name])} error={errors[name]}
              onValueChange={(v) => setInt(name, v === '' ? null : Number(v))} />
          ))}
          {LIMIT_TEXT.map((n) => text(n))}
        </FormSection>
        <FormSection title={t('sections.sendWindow')} testId="organization-section-send-window">
          {(['sendStartTime', 'sendEndTime'] as const).map((name) => (
            <TextField key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} label={t(`fields.${name}`)} value={form[name]} error={errors[name]} dir="ltr"
              placeholder={t('fields.timePlaceholder')} hint={t('fields.sendWindowHint')} maxLength={5} inputMode="numeric"
              onChange={(e) => { const v = toLatinDigits(e.target.value); setForm((f) => ({ ...f, [name]: v })); }} />
          ))}
        </FormSection>
        <FormSection title={t('sections.expiry')} testId="organization-section-expiry">
          <DateTimePicker id={`${P}-expireTime`} data-testid={`${P}-expireTime`} label={t('fields.expireTime')} value={form.expireTime} error={errors.expireTime}
            hint={t('fields.expireTimeHint')} onChange={(v) => setForm((f) => ({ ...f, expireTime: v }))} />
        </FormSection>
        <FormSection title={t('sections.flags')} testId="organization-section-flags">{SETTING_FLAGS.map(flag)}</FormSection>
        <FormSection title={t('sections.alerts')} testId="organization-section-alerts">{ALERT_FLAGS.map(flag)}</FormSection>
        <ErrorSummary errors={errors} testId="organization-form-error" />
      </form>
      {dialog}
    </ModalDialog>
  );
}
