import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { TextField } from '../../shared/ui/form/text-field';
import { revealFirstError } from '../../shared/ui/form/reveal-first-error';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { accountApi, type SignUpInput } from './account-api';

const FIELDS = ['organizationName', 'firstName', 'lastName', 'mobile', 'userName', 'password'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Self sign-up (identity CONTEXT.md, "Self sign-up"): shown only when the host's branding says it
 * is open; the organization it makes waits for the domain owner's activation, and the page says so.
 */
export function SignUpPage() {
  const { api, brand, i18n } = useApp();
  const { t } = useTranslation('account');
  const [form, setForm] = useState<SignUpInput>({ organizationName: '', firstName: '', lastName: '', mobile: '', userName: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (k: Field, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const owner = brand.isDefault || !brand.organizationName ? i18n.t('productName') : brand.organizationName;

  const show = (next: FieldErrors) => {
    setErrors(next);
    requestAnimationFrame(() => revealFirstError(formRef.current));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    for (const f of FIELDS) if (!form[f].trim()) local[f] = t('login.required');
    if (Object.keys(local).length) { show(local); return; }
    setBusy(true);
    try {
      // The server's mobile format reads Latin digits; people type Persian ones.
      const mobile = toLatinDigits(form.mobile).replace(/[\s-]/g, '');
      await accountApi.signUp(api, { ...form, mobile, userName: form.userName.trim(), organizationName: form.organizationName.trim() }, { quiet: true });
      setErrors({});
      setDone(form.userName.trim());
    } catch (err) {
      show(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  if (!brand.isSignUpEnabled) {
    return (
      <div data-testid="sign-up-closed">
        <h1 className="mb-4 text-xl font-bold">{t('signUp.title')}</h1>
        <p className="mb-4 text-sm">{t('signUp.closed')}</p>
        <Link to="/account/login" className="text-sky-700 underline dark:text-sky-300">{t('signUp.toLogin')}</Link>
      </div>
    );
  }
  if (done) {
    return (
      <div data-testid="sign-up-done" role="status">
        <h1 className="mb-4 text-xl font-bold">{t('signUp.doneTitle')}</h1>
        <p className="mb-4 text-sm">{t('signUp.done', { owner, userName: done })}</p>
        <Link to="/account/login" className="text-sky-700 underline dark:text-sky-300">{t('signUp.toLogin')}</Link>
      </div>
    );
  }
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="sign-up-title" data-testid="sign-up-form" className="grid gap-3">
      <h1 id="sign-up-title" className="text-xl font-bold">{t('signUp.title')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('signUp.intro', { owner })}</p>
      <ErrorSummary errors={errors} testId="sign-up-errors" />
      <TextField id="sign-up-organization" data-testid="sign-up-organization" label={t('signUp.organizationName')} required maxLength={200}
        value={form.organizationName} error={errors.organizationName} onChange={(e) => set('organizationName', e.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="sign-up-first-name" data-testid="sign-up-first-name" label={t('signUp.firstName')} required maxLength={100} autoComplete="given-name"
          value={form.firstName} error={errors.firstName} onChange={(e) => set('firstName', e.target.value)} />
        <TextField id="sign-up-last-name" data-testid="sign-up-last-name" label={t('signUp.lastName')} required maxLength={100} autoComplete="family-name"
          value={form.lastName} error={errors.lastName} onChange={(e) => set('lastName', e.target.value)} />
      </div>
      <TextField id="sign-up-mobile" data-testid="sign-up-mobile" label={t('signUp.mobile')} hint={t('signUp.mobileHint')} required dir="ltr" inputMode="tel" autoComplete="tel" maxLength={20}
        value={form.mobile} error={errors.mobile} onChange={(e) => set('mobile', e.target.value)} />
      <TextField id="sign-up-user-name" data-testid="sign-up-user-name" label={t('signUp.userName')} hint={t('signUp.userNameHint')} required dir="ltr" autoComplete="username" maxLength={50}
        value={form.userName} error={errors.userName} onChange={(e) => set('userName', e.target.value)} />
      <TextField id="sign-up-password" data-testid="sign-up-password" label={t('signUp.password')} hint={t('changePassword.policy')} required dir="ltr" type="password" autoComplete="new-password" maxLength={128}
        value={form.password} error={errors.password} onChange={(e) => set('password', e.target.value)} />
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('signUp.approval', { owner })}</p>
      <button type="submit" data-testid="sign-up-submit" disabled={busy} style={{ backgroundColor: 'var(--brand-primary, #0369a1)', color: 'var(--brand-on-primary, #ffffff)' }} className="w-full rounded py-2 disabled:opacity-60">{t('signUp.submit')}</button>
      <Link to="/account/login" className="text-center text-sm text-sky-700 underline dark:text-sky-300">{t('signUp.toLogin')}</Link>
    </form>
  );
}
