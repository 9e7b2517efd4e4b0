import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { ContentMain } from '../../shared/ui/content-main';

/** Sign-in return page: an error in the fragment shows the alert; otherwise on to '/'. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, leave } = useApp();
  const failed = window.location.hash.toLowerCase().includes('error');
  useEffect(() => {
    if (failed) return;
    // Completion means a session is in storage (set by the page that sent the user here).
    if (session.tokens()) navigate('/', { replace: true });
    else leave();
  }, [failed, navigate, session, leave]);
  if (!failed) return null;
  return (
    <ContentMain>
      <div role="alert" data-testid="auth-callback-error" className="mx-auto mt-16 max-w-lg rounded border border-amber-300 bg-amber-50 p-6 text-center">
        <p className="mb-4">{t('authCallback.error')}</p>
        <Link to="/account/login" className="text-sky-700 underline">{t('authCallback.login')}</Link>
      </div>
    </ContentMain>
  );
}
