import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { brandImageUrl } from '../../shared/app/branding';
import { useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FileInput } from '../../shared/ui/form/file-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useFormFailure } from '../sending/send-form-failure';
import {
  customerDomainKeys, customerDomainsApi, DASHBOARD_MODES, DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR, DESKTOPS, DOMAIN_IMAGE_MAX_BYTES, DOMAINS_PATH,
  domainEditPath, LOGIN_PAGE_MODES, LOGIN_THEMES, MAX_LOGIN_IMAGES, uploadDomainImage, type CustomerDomain, type CustomerDomainInput,
} from './customer-domains-api';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A select of one enumeration, its options' texts under `form.<group>.<value>`, its hint and error under it. */
function EnumField<V extends string>({ id, label, hint, values, group, value, onChange, error }: {
  id: string; label: string; hint: string; values: readonly V[]; group: string; value: V; onChange(v: V): void; error?: string;
}) {
  const { t } = useTranslation('customerDomains');
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={error ?? null}>
      <select id={id} data-testid={id} className={inputClass(!!error)} value={value} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error ?? null)} onChange={(e) => onChange(e.target.value as V)}>
        {values.map((v) => <option key={v} value={v}>{t(`form.${group}.${v}`)}</option>)}
      </select>
    </FieldFrame>
  );
}

/** A colour: the browser's picker and the #rrggbb text side by side, kept in step. */
function ColourField({ id, label, hint, value, onChange, error }: { id: string; label: string; hint: string; value: string; onChange(v: string): void; error?: string }) {
  const { t } = useTranslation('customerDomains');
  return (
    <FieldFrame id={id} label={label} hint={hint} errorText={error ?? null}>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={t('form.colorPicker', { field: label })} data-testid={`${id}-picker`} className="h-9 w-12 cursor-pointer rounded border border-gray-500"
          value={COLOUR.test(value) ? value.toLowerCase() : '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input id={id} data-testid={id} dir="ltr" maxLength={7} className={inputClass(!!error)} value={value} aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error ?? null)} onChange={(e) => onChange(e.target.value.trim())} />
      </div>
    </FieldFrame>
  );
}

/**
 * Register or edit a white-label domain: host names, looks (desktop, login theme, dashboard mode,
 * login page layout, colours), links, and once saved its logo and login images (through the
 * server's upload intake; the spec's sizes shown beside the choice).
 */
export function CustomerDomainFormPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('customerDomains');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: user } = useCurrentUser();
  const { data: existing, isLoading, mutate: reload } = useSWR(editingId ? customerDomainKeys.one(editingId) : null, () => customerDomainsApi.get(api, editingId!));
  const [form, setForm] = useState<CustomerDomainInput>({
    resellerDomain: '', resellerIdentityDomain: null, desktop: 'Default', loginTheme: 'Default', dashboardMode: 'Default', loginPageMode: 'Right',
    primaryColor: DEFAULT_PRIMARY_COLOR, secondaryColor: DEFAULT_SECONDARY_COLOR, resellerLink: null, enamad: null, isSignUpEnabled: false,
  });
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);
  const set = <K extends keyof CustomerDomainInput>(k: K, v: CustomerDomainInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    const { resellerDomain, resellerIdentityDomain, desktop, loginTheme, dashboardMode, loginPageMode, primaryColor, secondaryColor, resellerLink, enamad, isSignUpEnabled } = existing;
    setForm({ resellerDomain, resellerIdentityDomain, desktop, loginTheme, dashboardMode, loginPageMode, primaryColor, secondaryColor, resellerLink, enamad, isSignUpEnabled });
  }, [existing]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!form.resellerDomain.trim()) local.resellerDomain = t('common.required');
    if (!COLOUR.test(form.primaryColor)) local.primaryColor = t('form.invalidColor');
    if (!COLOUR.test(form.secondaryColor)) local.secondaryColor = t('form.invalidColor');
    if (Object.keys(local).length) { fail(local); return; }
    const body: CustomerDomainInput = {
      ...form, resellerDomain: form.resellerDomain.trim(), resellerIdentityDomain: form.resellerIdentityDomain?.trim() || null,
      resellerLink: form.resellerLink?.trim() || null, enamad: form.enamad?.trim() || null,
    };
    setBusy(true);
    try {
      const saved = editingId ? await customerDomainsApi.update(api, { id: editingId, ...body }, { quiet: true }) : await customerDomainsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('list.saved') });
      await mutate(customerDomainKeys.isDomainKey);
      // A new domain stays on its form: its images can be uploaded only once it exists.
      void navigate(editingId ? DOMAINS_PATH : domainEditPath(saved.id));
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  if (editingId && isLoading) return <Spinner />;
  const organization = existing?.organizationName ?? user?.organizationName ?? '';
  return (
    <section data-testid="domain-form-page">
      <PageHeader title={t(editingId ? 'form.editTitle' : 'form.createTitle')} breadcrumbs={<Link to={DOMAINS_PATH} className="underline">{t('common.back')}</Link>} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="domain-form">
        <ErrorSummary errors={errors} testId="domain-errors" />
        <p className="text-sm">
          {t('form.organization')} <UserText>{organization}</UserText>
          {!editingId && <span className="block text-xs text-slate-600 dark:text-slate-300">{t('form.organizationHint')}</span>}
        </p>
        <TextField id="domain-host" data-testid="domain-host" label={t('form.resellerDomain')} hint={t('form.resellerDomainHint')} value={form.resellerDomain} dir="ltr" maxLength={253} required
          error={errors.resellerDomain} onChange={(e) => set('resellerDomain', e.target.value)} />
        <TextField id="domain-identity-host" data-testid="domain-identity-host" label={t('form.resellerIdentityDomain')} hint={t('form.resellerIdentityDomainHint')} value={form.resellerIdentityDomain ?? ''} dir="ltr" maxLength={253}
          error={errors.resellerIdentityDomain} onChange={(e) => set('resellerIdentityDomain', e.target.value)} />
        <div className="grid gap-3 sm:grid-cols-2">
          <ColourField id="domain-primary" label={t('form.primaryColor')} hint={t('form.colorHint')} value={form.primaryColor} onChange={(v) => set('primaryColor', v)} error={errors.primaryColor} />
          <ColourField id="domain-secondary" label={t('form.secondaryColor')} hint={t('form.secondaryColorHint')} value={form.secondaryColor} onChange={(v) => set('secondaryColor', v)} error={errors.secondaryColor} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <EnumField id="domain-login-theme" label={t('form.loginTheme')} hint={t('form.loginThemeHint')} values={LOGIN_THEMES} group="loginThemes" value={form.loginTheme} onChange={(v) => set('loginTheme', v)} error={errors.loginTheme} />
          <EnumField id="domain-login-page-mode" label={t('form.loginPageMode')} hint={t('form.loginPageModeHint')} values={LOGIN_PAGE_MODES} group="loginPageModes" value={form.loginPageMode} onChange={(v) => set('loginPageMode', v)} error={errors.loginPageMode} />
          <EnumField id="domain-desktop" label={t('form.desktop')} hint={t('form.desktopHint')} values={DESKTOPS} group="desktops" value={form.desktop} onChange={(v) => set('desktop', v)} error={errors.desktop} />
          <EnumField id="domain-dashboard-mode" label={t('form.dashboardMode')} hint={t('form.dashboardModeHint')} values={DASHBOARD_MODES} group="dashboardModes" value={form.dashboardMode} onChange={(v) => set('dashboardMode', v)} error={errors.dashboardMode} />
        </div>
        <TextField id="domain-reseller-link" data-testid="domain-reseller-link" label={t('form.resellerLink')} hint={t('form.linkHint')} value={form.resellerLink ?? ''} dir="ltr" maxLength={500}
          error={errors.resellerLink} onChange={(e) => set('resellerLink', e.target.value)} />
        <TextField id="domain-enamad" data-testid="domain-enamad" label={t('form.enamad')} hint={t('form.linkHint')} value={form.enamad ?? ''} dir="ltr" maxLength={500}
          error={errors.enamad} onChange={(e) => set('enamad', e.target.value)} />
        <CheckboxField id="domain-sign-up" data-testid="domain-sign-up" label={t('form.isSignUpEnabled')} hint={t('form.isSignUpEnabledHint')}
          checked={form.isSignUpEnabled} onCheckedChange={(v) => set('isSignUpEnabled', v)} error={errors.isSignUpEnabled} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate(DOMAINS_PATH)}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="domain-save">{t('common.save')}</Button>
        </div>
      </form>
      <DomainImages domain={existing ?? null} apiRoot={apiRoot} onChanged={async (d) => { await reload(d, { revalidate: false }); await mutate(customerDomainKeys.isDomainKey); }} />
    </section>
  );
}

function DomainImages({ domain, apiRoot, onChanged }: { domain: CustomerDomain | null; apiRoot: string; onChanged(d: CustomerDomain): Promise<void> }) {
  const { api } = useApp();
  const { t } = useTranslation('customerDomains');
  const [errors, setErrors] = useState<{ logo?: string; image?: string }>({});
  const [busy, setBusy] = useState(false);
  const logoInput = useRef<HTMLInputElement | null>(null);
  const imageInput = useRef<HTMLInputElement | null>(null);
  if (!domain) return <p className="mt-6 max-w-3xl text-sm text-slate-600 dark:text-slate-300" data-testid="domain-images-later">{t('images.saveFirst')}</p>;

  const send = async (which: 'logo' | 'image', file: File | undefined, input: HTMLInputElement | null) => {
    if (!file) return;
    // The server judges again (type from the bytes, pixel size); these two save a needless upload.
    const problem = file.size > DOMAIN_IMAGE_MAX_BYTES ? t('images.tooLarge') : !/\.(jpe?g|png)$/i.test(file.name) ? t('images.wrongType') : null;
    setErrors({ [which]: problem ?? undefined });
    if (problem) return;
    setBusy(true);
    try {
      await onChanged(await uploadDomainImage(api, domain.id, which === 'logo' ? 'AgentLogo' : 'LoginImage', file));
      showToast({ kind: 'success', message: t('images.uploaded') });
    } catch (err) {
      const e = errorsOf(err);
      setErrors({ [which]: e.file ?? e[''] ?? Object.values(e)[0] });
    } finally {
      setBusy(false);
      if (input) input.value = '';
    }
  };
  const remove = async (key: string) => {
    setBusy(true);
    try {
      await onChanged(await customerDomainsApi.removeImage(api, { id: domain.id, key }));
      showToast({ kind: 'success', message: t('images.removed') });
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  return (
    <section className="mt-6 grid max-w-3xl gap-4" aria-labelledby="domain-images-title" data-testid="domain-images">
      <h2 id="domain-images-title" className="text-lg font-semibold">{t('images.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="domain-image-rules">{t('images.rules')}</p>
      <div className="grid gap-2">
        {domain.agentLogo ? <img src={brandImageUrl(apiRoot, domain.agentLogo)} alt={t('images.logoAlt')} className="h-12 w-auto max-w-[10rem] object-contain" data-testid="domain-logo-preview" />
          : <p className="text-sm">{t('images.noLogo')}</p>}
        <FileInput ref={logoInput} id="domain-logo-file" data-testid="domain-logo-file" label={t('images.logo')} accept=".jpg,.jpeg,.png,image/png,image/jpeg" disabled={busy}
          fileName={null} errorId={errors.logo ? 'domain-logo-error' : undefined} onFile={(f) => void send('logo', f, logoInput.current)} />
        {errors.logo && <p id="domain-logo-error" role="alert" className="text-xs text-red-600 dark:text-red-400" data-testid="domain-logo-error">{errors.logo}</p>}
      </div>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t('images.loginImages', { count: domain.loginImages.length, max: MAX_LOGIN_IMAGES })}</h3>
        {domain.loginImages.length === 0 ? <p className="text-sm">{t('images.noImages')}</p> : (
          <ul className="flex flex-wrap gap-3">
            {domain.loginImages.map((img, i) => (
              <li key={img.key} className="flex flex-col items-center gap-1">
                <img src={brandImageUrl(apiRoot, img.url)} alt={t('images.imageAlt', { index: i + 1 })} className="h-20 w-36 rounded object-cover" />
                <Button size="sm" variant="danger" disabled={busy} onClick={() => void remove(img.key)} aria-label={`${t('images.remove')} ${i + 1}`}>{t('images.remove')}</Button>
              </li>
            ))}
          </ul>
        )}
        {domain.loginImages.length < MAX_LOGIN_IMAGES && (
          <FileInput ref={imageInput} id="domain-image-file" data-testid="domain-image-file" label={t('images.loginImage')} accept=".jpg,.jpeg,.png,image/png,image/jpeg" disabled={busy}
            fileName={null} errorId={errors.image ? 'domain-image-error' : undefined} onFile={(f) => void send('image', f, imageInput.current)} />
        )}
        {errors.image && <p id="domain-image-error" role="alert" className="text-xs text-red-600 dark:text-red-400" data-testid="domain-image-error">{errors.image}</p>}
      </div>
    </section>
  );
}
