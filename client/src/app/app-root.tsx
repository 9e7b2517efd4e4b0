import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { AppContext, type AppServices } from '../shared/app/app-context';
import { createAppRouter } from './router';
import { DialogHost } from './dialog-host';
import { watchOtherTabs } from '../shared/auth/session-store';
import { registerServiceWorker } from './pwa';
import { ToastViewport } from '../shared/ui/dialog/toast';
import { toastStore } from '../shared/ui/dialog/toast-store';
import { SkipLink } from '../shared/ui/skip-link';

export function AppRoot({ services }: { services: AppServices }) {
  const router = useMemo(() => createAppRouter(), []);
  // Another tab signed in or out: this one starts again from the origin.
  useEffect(() => watchOtherTabs(() => window.location.assign(services.config.origin || '/')), [services]);
  useEffect(() => registerServiceWorker(services.store), [services]);
  return (
    <AppContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <SWRConfig value={{ fetcher: (path: string) => services.api.get(path), revalidateOnFocus: false, shouldRetryOnError: false }}>
          {/* Before the router's pages: the first thing a Tab reaches on every page. */}
          <SkipLink />
          <RouterProvider router={router} />
          <DialogHost />
          <ToastViewport store={toastStore} />
        </SWRConfig>
      </I18nextProvider>
    </AppContext.Provider>
  );
}
