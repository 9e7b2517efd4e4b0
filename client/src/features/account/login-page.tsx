import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { takeReturnAddress } from '../../shared/auth/guards';
import { ApiError } from '../../shared/api/api-client';
import { accountApi, type Captcha } from './account-api';

const LOGIN_ERROR_ID = 'login-error';
const invalidWhen = (invalid: boolean) =>
  invalid ? { 'aria-invalid': true, 'aria-describedby': LOGIN_ERROR_ID } : {};

export function LoginPage() {
  const { api, session, brand } = useApp();
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The fields the required-check error is about: they get aria-invalid and point at the message.
  // A server refusal (wrong password, captcha) is not pinned on one field, so it marks none.
  const [missing, setMissing] = useState({ userName: false, password: false });
  const [busy, setBusy] = useState(false);

  const loadCaptcha = async () => {
    setCaptchaCode('');
    setCaptcha(await accountApi.captcha(api, undefined, { quiet: true }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = { userName: !userName.trim(), password: !password };
    setMissing(empty);
    if (empty.userName || empty.password) {
      setError(t('login.required'));
      document.getElementById(empty.userName ? 'login-username' : 'login-password')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await accountApi.login(api, {
        userName: userName.trim(), password, rememberMe, captchaId: captcha?.captchaId, captchaCode,
      }, { quiet: true });
      session.save({ accessToken: result.accessToken, refreshToken: result.refreshToken }, rememberMe);
      api.resetAfterLogin();
      navigate(result.changePasswordRequired ? '/account/change-password' : takeReturnAddress(), { replace: true });
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      setError(apiError?.message || t('common:messages.failedOperation'));
      const needsCaptcha = (apiError?.data as { captchaRequired?: boolean } | undefined)?.captchaRequired;
      if (needsCaptcha || captcha) await loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title" data-testid="login-form">
      <h1 id="login-title" className="mb-4 text-xl font-bold">{t('login.title')}</h1>
      <label className="mb-3 block">
        <span className="mb-1 block text-sm">{t('login.userName')}</span>
        <input id="login-username" data-testid="login-username" {...invalidWhen(missing.userName)} autoComplete="username" dir="ltr" className="w-full rounded border px-3 py-2 dark:bg-slate-900"
          value={userName} onChange={(e) => setUserName(e.target.value)} required />
      </label>
      <label className="mb-3 block">
        <span className="mb-1 block text-sm">{t('login.password')}</span>
        <input id="login-password" data-testid="login-password" {...invalidWhen(missing.password)} type="password" autoComplete="current-password" dir="ltr" className="w-full rounded border px-3 py-2 dark:bg-slate-900"
          value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {captcha && (
        <div className="mb-3" data-testid="login-captcha">
          <img src={captcha.image} alt={t('login.captchaImage')} className="mb-2 h-12" />
          <div className="flex gap-2">
            <input data-testid="login-captcha-code" inputMode="numeric" dir="ltr" aria-label={t('login.captcha')} className="w-full rounded border px-3 py-2 dark:bg-slate-900"
              value={captchaCode} onChange={(e) => setCaptchaCode(e.target.value)} />
            <button type="button" className="rounded border px-2 text-sm" onClick={() => void loadCaptcha()}>{t('login.newCaptcha')}</button>
          </div>
        </div>
      )}
      <label className="mb-4 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        {t('login.rememberMe')}
      </label>
      {error && <p id={LOGIN_ERROR_ID} role="alert" data-testid="login-error" className="mb-3 text-sm text-red-700">{error}</p>}
      <button type="submit" data-testid="login-submit" disabled={busy} style={{ backgroundColor: 'var(--brand-primary, #0369a1)', color: 'var(--brand-on-primary, #ffffff)' }} className="w-full rounded py-2 disabled:opacity-60">{t('login.submit')}</button>
      {brand.isSignUpEnabled && (
        <p className="mt-3 text-center text-sm">
          <Link to="/account/sign-up" data-testid="sign-up-link" className="text-sky-700 underline dark:text-sky-300">{t('signUp.link')}</Link>
        </p>
      )}
    </form>
  );
}
