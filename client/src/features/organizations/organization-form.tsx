import { useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { Select } from '../../shared/ui/select/select';
import { clockTimeOf, errorsOf, FormSection, isHhMm, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import {
  ALERT_FLAGS, ALL_FLAGS, ALL_INTS, ALL_TEXT, bodyFrom, CEO_TEXT, formFrom, IDENTITY_FLAGS, IDENTITY_TEXT, LIMIT_INTS, SETTING_FLAGS,
  TEXT_MAX, WORKPLACE_TEXT, type Organization, type OrganizationForm,
} from './organization-model';
import { organizationFormLookups, organizationsApi, organizationsKeys, type RoleTemplateItem } from './organizations-api';
import { flagHint, ORGANIZATION_FLAG_EFFECTS } from '../admin-common/flag-effects';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { LinePicker, OrganizationPicker, TariffPicker, UserPicker } from '../admin-common/pickers';

const P = 'organization';
const LTR_FIELDS = new Set(['nationalId', 'economicCode', 'ceoMobile', 'ceoNationalCode', 'workplacePhone', 'workplaceZipCode']);
const DIGIT_FIELDS = new Set(['nationalId', 'economicCode', 'ceoMobile', 'ceoNationalCode', 'workplacePhone', 'workplaceZipCode']);


/** Every field the server may name in a validation error, with the label the form shows for it. */
const LABELLED = [...ALL_TEXT, ...ALL_INTS, ...ALL_FLAGS, 'parentId', 'type', 'roleTemplateId', 'sendStartTime', 'sendEndTime', 'expireTime', 'domainId', 'groupPriceTitle'] as const;

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
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<OrganizationForm>(() => formFrom(original, parentId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // After a create whose tariff could not be assigned, the dialog goes on as an edit of what was saved.
  const [saved, setSaved] = useState<Organization | null>(original);
  const { run, dialog } = useConfirmationFlow();
  const isSuperAdmin = user?.scope === 'superAdmin';
  const mayTemplates = hasClaim(user, 'RoleTemplates.Manage');
  // Limits (tariff, black-sender line) come from above: nobody sets them on their own organization.
  const own = !!saved && saved.id === user?.organizationId;
  const mayTariff = hasClaim(user, 'Financial.Tariffs') && !own;
  const mayLines = hasClaim(user, 'Infrastructure.PrivateNumbers');
  const mayUsers = hasClaim(user, 'Users.View');
  const labels = Object.fromEntries([...LABELLED.map((n) => [n, t(`fields.${n}`)]), ['tariffId', t('fields.groupPriceTitle')]]) as Record<string, string>;

  const { data: current } = useSWR(saved && mayTariff ? organizationsKeys.tariff(saved.id) : null, ([, organizationId]) =>
    organizationFormLookups.tariff(api, { organizationId }, { quiet: true }));
  const initialTariffId = current?.tariff?.id ?? null;
  const [tariffId, setTariffId] = useState<number | null | undefined>(undefined);
  const chosenTariffId = tariffId === undefined ? initialTariffId : tariffId;
  const { data: templates } = useSWR(mayTemplates ? organizationsKeys.templates() : null, () =>
    organizationFormLookups.roleTemplates(api, { pageSize: 500 }, { quiet: true }));

  const setText = (name: string, value: string) => setForm((f) => ({ ...f, text: { ...f.text, [name]: DIGIT_FIELDS.has(name) ? toLatinDigits(value) : value } }));
  const setInt = (name: string, value: number | null) => setForm((f) => ({ ...f, ints: { ...f.ints, [name]: value } }));
  const intValue = (name: string) => form.ints[name] ?? null;
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
    let organization: Organization | null = null;
    try {
      const body = bodyFrom({ ...form, sendStartTime: clockTimeOf(form.sendStartTime) ?? '', sendEndTime: clockTimeOf(form.sendEndTime) ?? '' }, saved);
      const save = saved ? organizationsApi.update : organizationsApi.create;
      const result = await run((confirmation) => save(api, { ...body, ...confirmation }, { quiet: true }));
      if (!result) return;
      organization = result.value;
      // The tariff is the billing module's: assigned by its own call once the organization exists.
      if (mayTariff && chosenTariffId !== (saved ? initialTariffId : null)) {
        await organizationFormLookups.assignTariff(api, { organizationId: organization.id, tariffId: chosenTariffId }, { quiet: true });
        await mutate(organizationsKeys.tariff(organization.id));
      }
      onSaved(organization);
    } catch (err) {
      if (organization && !saved) {
        setSaved(organization);
        setForm(formFrom(organization, null));
      }
      const next = errorsOf(err, labels);
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
      hint={flagHint(t, ORGANIZATION_FLAG_EFFECTS, name)} onCheckedChange={(v) => setFlag(name, v)} />
  );
  const typeItems = [{ id: 'organization', title: t('types.organization') }, ...(isSuperAdmin ? [{ id: 'reseller', title: t('types.reseller') }] : [])];
  const title = saved ? t('editTitle', { name: isolateText(saved.name) }) : t('createTitle');

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
          {!saved && (
            <Select id={`${P}-type`} data-testid={`${P}-type`} label={t('fields.type')} items={typeItems} value={form.type} error={errors.type} clearable={false}
              onChange={(v) => setForm((f) => ({ ...f, type: v === 'reseller' ? 'reseller' : 'organization' }))} />
          )}
          <OrganizationPicker id={`${P}-parentId`} data-testid={`${P}-parentId`} label={t('fields.parentId')} value={form.parentId ? Number(form.parentId) : null}
            error={errors.parentId} onChange={(id) => setForm((f) => ({ ...f, parentId: id === null ? '' : String(id) }))} />
          {text('nationalId')}
          {text('economicCode')}
          {mayTemplates && (
            <Select<RoleTemplateItem> id={`${P}-roleTemplateId`} data-testid={`${P}-roleTemplateId`} label={t('fields.roleTemplateId')} items={templates?.items}
              placeholder={t('fields.noRoleTemplate')} value={form.roleTemplateId} error={errors.roleTemplateId}
              onChange={(v) => setForm((f) => ({ ...f, roleTemplateId: v === null ? '' : String(v) }))} />
          )}
          {mayUsers && (
            <UserPicker id={`${P}-adminUserId`} data-testid={`${P}-adminUserId`} label={t('fields.adminUserId')} organizationId={saved?.id ?? null}
              disabled={!saved} hint={saved ? t('fields.adminUserHint') : t('fields.adminUserAfterCreate')} placeholder={t('fields.noAdminUser')}
              value={saved ? intValue('adminUserId') : null} error={errors.adminUserId} onChange={(id) => setInt('adminUserId', id)} />
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
              hint={name === 'maximumPhoneNumber' ? t('fields.maximumPhoneNumberHint') : undefined}
              onValueChange={(v) => setInt(name, v === '' ? null : Number(v))} />
          ))}
          {!mayTariff && saved && (
            <p className="text-sm" data-testid={`${P}-tariff-readonly`}>
              {t('fields.groupPriceTitle')}: <UserText fallback={t('fields.noTariff')}>{saved.groupPriceTitle}</UserText>
            </p>
          )}
          {mayTariff && (
            <TariffPicker id={`${P}-tariff`} data-testid={`${P}-tariff`} label={t('fields.groupPriceTitle')} placeholder={t('fields.noTariff')}
              hint={t('fields.tariffHint')} value={chosenTariffId} error={errors.tariffId ?? errors.groupPriceTitle} onChange={(id) => setTariffId(id)} />
          )}
          {mayLines && (
            <LinePicker id={`${P}-blackSenderPrivateNumberId`} data-testid={`${P}-blackSenderPrivateNumberId`} label={t('fields.blackSenderPrivateNumberId')}
              placeholder={t('fields.noLine')} hint={t('fields.blackSenderHint')} disabled={own} value={intValue('blackSenderPrivateNumberId')}
              error={errors.blackSenderPrivateNumberId} onChange={(id) => setInt('blackSenderPrivateNumberId', id)} />
          )}
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
