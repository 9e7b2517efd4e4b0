import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { CURRENT_USER_KEY } from '../../shared/auth/current-user';
import { isStrongPassword } from '../../shared/ui/form/validators';
import { accountApi } from './account-api';

export function ChangePasswordPage() {
  const { api, session } = useApp();
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [fields, setFields] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  if (!session.accessToken()) {
    navigate('/account/login', { replace: true });
    return null;
  }
  const set = (name: keyof typeof fields) => (value: string) => setFields({ ...fields, [name]: value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    // Why the new password is refused (the policy) as well as whether the entries differ, together.
    const local: Record<string, string> = {};
    if (!isStrongPassword(fields.newPassword)) local.newPassword = t('changePassword.weak');
    if (fields.newPassword !== fields.confirmPassword) local.confirmPassword = t('changePassword.mismatch');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      await accountApi.changePassword(api, fields, { quiet: true });
      setErrors({});
      // Write the fresh user into the cache before leaving: the layout must not see the stale flag.
      await mutate(CURRENT_USER_KEY, accountApi.currentUser(api), { revalidate: false });
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors.length) {
        setErrors(Object.fromEntries(err.validationErrors.map((v) => [v.propertyName, v.message])));
      } else {
        setMessage(err instanceof ApiError && err.message ? err.message : t('common:messages.failedOperation'));
      }
    }
  };

  const field = (name: keyof typeof fields, label: string, autoComplete: string) => (
    <label className="mb-3 block">
      <span className="mb-1 block text-sm">{label}</span>
      <input type="password" dir="ltr" autoComplete={autoComplete} data-testid={`cp-${name}`} aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `cp-${name}-error` : undefined}
        className="w-full rounded border px-3 py-2 dark:bg-slate-900" value={fields[name]} onChange={(e) => set(name)(e.target.value)} />
      {errors[name] && <span id={`cp-${name}-error`} role="alert" className="mt-1 block text-sm text-red-700">{errors[name]}</span>}
    </label>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="change-password-form">
      <h1 className="mb-2 text-xl font-bold">{t('changePassword.title')}</h1>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('changePassword.forced')}</p>
      {field('currentPassword', t('changePassword.current'), 'current-password')}
      {field('newPassword', t('changePassword.next'), 'new-password')}
      <p className="-mt-2 mb-3 text-xs text-slate-500">{t('changePassword.policy')}</p>
      {field('confirmPassword', t('changePassword.repeat'), 'new-password')}
      {message && <p role="alert" className="mb-3 text-sm text-red-700">{message}</p>}
      <button type="submit" data-testid="cp-submit" className="w-full rounded bg-sky-700 py-2 text-white">{t('changePassword.submit')}</button>
    </form>
  );
}
