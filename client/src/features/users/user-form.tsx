import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { tehranDayOf, toInstant, zonedGregorianToUtc } from '../../shared/dates/jalali';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { isStrongPassword } from '../../shared/ui/form/validators';
import { Select } from '../../shared/ui/select/select';
import { OrganizationPicker } from '../admin-common/pickers';
import { errorsOf, FormSection, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { isolateText } from '../../shared/ui/bidi';
import { flagHint, USER_FLAG_EFFECTS } from '../admin-common/flag-effects';
import { userLookups, usersApi, usersKeys, type RoleItem, type User } from './users-api';

const PERSONAL = ['firstName', 'lastName', 'fatherName', 'nationalCode', 'foreignerCode', 'identityNumber'] as const;
const CONTACT = ['email', 'mobile', 'phone', 'faxNumber', 'zipCode', 'address'] as const;
const TEXTS = [...PERSONAL, ...CONTACT, 'descriptions'] as const;
const MAX: Record<string, number> = {
  nationalCode: 20, foreignerCode: 30, identityNumber: 30, firstName: 100, lastName: 100, fatherName: 100, email: 254,
  zipCode: 20, phone: 20, mobile: 20, faxNumber: 20, address: 500, descriptions: 1000,
};
const LTR = new Set(['email', 'mobile', 'phone', 'faxNumber', 'zipCode', 'nationalCode', 'foreignerCode', 'identityNumber']);
const DIGITS = new Set(['mobile', 'phone', 'faxNumber', 'zipCode', 'nationalCode']);
export const USER_FLAGS = [
  'isActive', 'isActiveSend', 'isAdmin', 'isAuthenticatedMobile', 'isAuthenticated', 'isSendSmsDescriptionRequired',
  'isCanSeeContactsOfPublicPhonebooks', 'isCanSeeContactsOfPrivatePhonebooks', 'isCanSendSmartWithoutConfirmation',
  'isCanSendVoice', 'isForeigner', 'isDefault', 'changePasswordRequired',
] as const;

/** "No role" in the role Select (sent as roleId: null). */
const NO_ROLE = 0;

interface Form {
  userName: string;
  password: string;
  secondPassword: string;
  organizationId: number | null;
  roleId: number;
  text: Record<string, string>;
  flags: Record<string, boolean>;
  zoneId: string;
  mobileCount: string;
  /** UTC ISO of 00:00 Tehran time of the birth day. */
  birthDate: string | null;
  /** UTC ISO. */
  expireDate: string | null;
}

/** 'YYYY-MM-DD' (the server's date-only birthDate) → the UTC instant of that day's start in Tehran. */
export function dateOnlyToIso(value: unknown): string | null {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  return zonedGregorianToUtc({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }).toISOString();
}

/** A picked instant → its Tehran calendar day as 'YYYY-MM-DD'. */
export function isoToDateOnly(iso: string | null): string | null {
  if (!iso || !toInstant(iso)) return null;
  return tehranDayOf(new Date(iso));
}

const numberText = (value: unknown) => (typeof value === 'number' ? String(value) : '');
const textNumber = (value: string) => (value.trim() === '' ? null : Number(toLatinDigits(value)));

function formFrom(user: User | null, organizationId: number | null): Form {
  const text: Record<string, string> = {};
  for (const f of TEXTS) text[f] = user && typeof user[f] === 'string' ? (user[f] as string) : '';
  const flags: Record<string, boolean> = {};
  for (const f of USER_FLAGS) flags[f] = user ? !!user[f] : f === 'isActive' || f === 'isActiveSend' || f === 'changePasswordRequired';
  return {
    userName: user?.userName ?? '', password: '', secondPassword: '',
    organizationId: user?.organizationId ?? organizationId ?? null,
    roleId: user?.roleTemplateId ?? NO_ROLE,
    text, flags,
    zoneId: numberText(user?.zoneId),
    mobileCount: numberText(user?.mobileCount),
    birthDate: dateOnlyToIso(user?.birthDate),
    expireDate: typeof user?.expireDate === 'string' ? new Date(user.expireDate).toISOString() : null,
  };
}

/** The editable fields sent by Create and Update — never roleTemplateId (roles change through AssignToUser). */
function fieldsOf(form: Form): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of TEXTS) out[f] = form.text[f].trim() || null;
  for (const f of USER_FLAGS) out[f] = form.flags[f];
  out.zoneId = textNumber(form.zoneId);
  out.mobileCount = textNumber(form.mobileCount);
  out.birthDate = isoToDateOnly(form.birthDate);
  out.expireDate = form.expireDate;
  return out;
}

/** Every field the server may name in a validation error (the form shows its label instead). */
const LABELLED = [...TEXTS, ...USER_FLAGS, 'userName', 'password', 'secondPassword', 'organizationId', 'roleTemplateId', 'birthDate', 'expireDate', 'zoneId', 'mobileCount'] as const;

export function UserFormDialog({ original, organizationId, onClose, onSaved }: {
  original: User | null; organizationId: number | null; onClose(): void; onSaved(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('adminCommon');
  const [form, setForm] = useState<Form>(() => formFrom(original, organizationId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { run, dialog } = useConfirmationFlow();

  const roleOrganization = form.organizationId;
  const { data: roles } = useSWR(roleOrganization ? usersKeys.roles(roleOrganization) : null, ([, organizationId]) =>
    userLookups.roles(api, { organizationId, pageSize: 500, assignable: true }, { quiet: true }));
  const roleItems: RoleItem[] = [{ id: NO_ROLE, title: t('fields.noRole') }, ...(roles?.items ?? [])];

  const setText = (name: string, value: string) => setForm((f) => ({ ...f, text: { ...f.text, [name]: DIGITS.has(name) ? toLatinDigits(value) : value } }));
  const setFlag = (name: string, value: boolean) => setForm((f) => ({ ...f, flags: { ...f.flags, [name]: value } }));

  const validate = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!original) {
      if (form.userName.trim().length < 3) out.userName = tc('form.required');
      if (!form.password) out.password = tc('form.required');
      else if (!isStrongPassword(form.password)) out.password = t('passwordWeak');
    }
    if (form.secondPassword && form.secondPassword.length < 4) out.secondPassword = t(original ? 'fields.secondPasswordHint' : 'fields.secondPasswordHintNew');
    return out;
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const local = validate();
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const fields = fieldsOf(form);
      if (form.secondPassword) fields.secondPassword = form.secondPassword;
      const roleId = form.roleId === NO_ROLE ? null : form.roleId;
      if (!original) {
        await usersApi.create(api, {
          ...fields, userName: form.userName.trim(), password: form.password,
          organizationId: form.organizationId ?? undefined,
          roleTemplateId: roleId,
        }, { quiet: true });
      } else {
        const before = fieldsOf(formFrom(original, null));
        const changed: Record<string, unknown> & { id: number } = { id: original.id };
        for (const [k, v] of Object.entries(fields)) if (JSON.stringify(v) !== JSON.stringify(before[k])) changed[k] = v;
        if (Object.keys(changed).length > 1) await usersApi.update(api, changed, { quiet: true });
        // The role changes only through AssignToUser (null removes it); taking access away needs the confirmation number.
        if (roleId !== (original.roleTemplateId ?? null)) {
          const done = await run((c) => userLookups.assignRole(api, { userId: original.id, roleId, ...c }, { quiet: true }));
          if (!done) return;
        }
      }
      onSaved();
    } catch (err) {
      const labels = Object.fromEntries([...LABELLED.map((n) => [n, t(`fields.${n}`)]), ['roleId', t('fields.roleTemplateId')]]) as Record<string, string>;
      const next = errorsOf(err, labels);
      if (next.roleId) next.roleTemplateId = next.roleId;
      setErrors(next);
    } finally {
      setBusy(false);
    }
  };

  const P = 'user';
  const text = (name: string) => (
    <TextField key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} name={name} label={t(`fields.${name}`)} value={form.text[name]} error={errors[name]}
      maxLength={MAX[name]} dir={LTR.has(name) ? 'ltr' : undefined} inputMode={DIGITS.has(name) ? 'numeric' : name === 'email' ? 'email' : undefined}
      type={name === 'email' ? 'email' : 'text'} onChange={(e) => setText(name, e.target.value)} />
  );
  const checkbox = (name: string) => (
    <CheckboxField key={name} id={`${P}-${name}`} data-testid={`${P}-${name}`} label={t(`fields.${name}`)} checked={form.flags[name]} error={errors[name]}
      hint={flagHint(t, USER_FLAG_EFFECTS, name)} onCheckedChange={(v) => setFlag(name, v)} />
  );

  return (
    <ModalDialog open size="lg" title={original ? t('editTitle', { name: isolateText(original.userName) }) : t('createTitle')} onClose={onClose} data-testid="user-form-dialog"
      closeOnBackdrop={false}
      footer={<>
        <Button variant="secondary" onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" form="user-form" loading={busy} data-testid="user-form-submit">{tc('actions.save')}</Button>
      </>}>
      <form id="user-form" noValidate onSubmit={(e) => void submit(e)} data-testid="user-form">
        <FormSection title={t('sections.account')}>
          {!original && (
            <TextField id={`${P}-userName`} data-testid={`${P}-userName`} label={t('fields.userName')} value={form.userName} error={errors.userName} dir="ltr" required
              maxLength={50} autoComplete="off" onChange={(e) => setForm((f) => ({ ...f, userName: e.target.value }))} />
          )}
          {!original && (
            <TextField id={`${P}-password`} data-testid={`${P}-password`} type="password" label={t('fields.password')} value={form.password} error={errors.password}
              dir="ltr" required hint={t('passwordPolicy')} autoComplete="new-password" maxLength={128}
              onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))} />
          )}
          <TextField id={`${P}-secondPassword`} data-testid={`${P}-secondPassword`} type="password" label={t('fields.secondPassword')} value={form.secondPassword}
            error={errors.secondPassword} dir="ltr" hint={t(original ? 'fields.secondPasswordHint' : 'fields.secondPasswordHintNew')} autoComplete="new-password" maxLength={128}
            onChange={(e) => setForm((f) => ({ ...f, secondPassword: e.target.value }))} />
          {!original && (
            <OrganizationPicker id={`${P}-organizationId`} data-testid={`${P}-organizationId`} label={t('fields.organizationId')} value={form.organizationId}
              error={errors.organizationId} clearable={false} onChange={(id) => setForm((f) => ({ ...f, organizationId: id, roleId: NO_ROLE }))} />
          )}
          <Select<RoleItem> id={`${P}-roleTemplateId`} data-testid={`${P}-roleTemplateId`} label={t('fields.roleTemplateId')} items={roleItems}
            value={form.roleId} error={errors.roleTemplateId} clearable={false}
            onChange={(v) => setForm((f) => ({ ...f, roleId: v === null ? NO_ROLE : Number(v) }))} />
          <div className="pt-6">{checkbox('isAdmin')}</div>
        </FormSection>
        <FormSection title={t('sections.personal')}>
          {PERSONAL.map((n) => text(n))}
          <DateTimePicker id={`${P}-birthDate`} data-testid={`${P}-birthDate`} withTime={false} label={t('fields.birthDate')} value={form.birthDate}
            error={errors.birthDate} max={new Date().toISOString()} onChange={(v) => setForm((f) => ({ ...f, birthDate: v }))} />
        </FormSection>
        <FormSection title={t('sections.contact')}>
          {CONTACT.filter((n) => n !== 'address').map((n) => text(n))}
          {/* zoneId is not asked for: no zone records exist yet to choose from, and the form keeps the stored value. */}
          <NumericInput id={`${P}-mobileCount`} data-testid={`${P}-mobileCount`} label={t('fields.mobileCount')} hint={t('fields.mobileCountHint')} value={form.mobileCount} error={errors.mobileCount}
            onValueChange={(v) => setForm((f) => ({ ...f, mobileCount: v }))} />
          {text('address')}
        </FormSection>
        <FormSection title={t('sections.settings')}>
          <DateTimePicker id={`${P}-expireDate`} data-testid={`${P}-expireDate`} label={t('fields.expireDate')} value={form.expireDate} error={errors.expireDate}
            onChange={(v) => setForm((f) => ({ ...f, expireDate: v }))} />
          {text('descriptions')}
        </FormSection>
        <FormSection title={t('sections.flags')}>
          {USER_FLAGS.filter((n) => n !== 'isAdmin').map((name) => checkbox(name))}
        </FormSection>
        <ErrorSummary errors={errors} testId="user-form-error" />
      </form>
      {dialog}
    </ModalDialog>
  );
}
