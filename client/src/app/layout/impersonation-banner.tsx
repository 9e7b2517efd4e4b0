import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { useCurrentUser } from '../../shared/auth/current-user';
import { isolateText } from '../../shared/ui/bidi';
import { layoutApi } from './layout-api';

/**
 * Shown on every page of an impersonation, with the way back: the x-imp header of any answer or
 * the current user's own flag is enough, so the banner is there from the first paint and never
 * depends on which call answered first.
 */
export function ImpersonationBanner() {
  const { api, session, store } = useApp();
  const { t } = useTranslation('layout');
  const { data: user } = useCurrentUser();
  const fromHeader = useAppState(store, (s) => s.impersonating);
  const [busy, setBusy] = useState(false);
  if (!fromHeader && !user?.isImpersonating) return null;

  const stop = async () => {
    setBusy(true);
    try {
      const tokens = await layoutApi.stopImpersonation(api, undefined);
      session.save(tokens);
      // A full load: every cached answer belonged to the impersonated user.
      window.location.assign('/');
    } catch {
      // The client's error dialog has said why; the button stays usable.
      setBusy(false);
    }
  };

  return (
    <div role="status" data-testid="impersonation-banner" className="flex flex-wrap items-center justify-center gap-4 bg-amber-200 px-4 py-2 text-amber-900">
      <span>{t('impersonation.banner', { name: isolateText(user?.fullName) })}</span>
      <button type="button" data-testid="impersonation-stop" disabled={busy} className="rounded border border-amber-700 px-3 py-1"
        onClick={() => void stop()}>{t('impersonation.stop')}</button>
    </div>
  );
}
