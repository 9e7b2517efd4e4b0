import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { applyUpdate } from '../pwa';

/** Opens when a new service-worker version is waiting. */
export function UpdateNotice() {
  const { store } = useApp();
  const { t } = useTranslation();
  const ready = useAppState(store, (s) => s.updateReady);
  if (!ready) return null;
  return (
    <div role="dialog" aria-labelledby="update-title" data-testid="update-dialog" className="fixed bottom-4 start-4 z-40 max-w-sm rounded-lg bg-white p-4 shadow-lg dark:bg-slate-800">
      <h2 id="update-title" className="mb-1 font-bold">{t('update.title')}</h2>
      <p className="mb-3 text-sm">{t('update.message')}</p>
      <button type="button" className="rounded bg-sky-700 px-3 py-1 text-white" onClick={() => void applyUpdate()}>{t('update.reload')}</button>
    </div>
  );
}
