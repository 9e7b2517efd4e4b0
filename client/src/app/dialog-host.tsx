import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../shared/app/app-context';
import { useAppState } from '../shared/app/app-store';

/** Shows the error catalogue's dialogs one at a time. */
export function DialogHost() {
  const { store } = useApp();
  const { t } = useTranslation();
  const dialogs = useAppState(store, (s) => s.dialogs);
  const ok = useRef<HTMLButtonElement>(null);
  const current = dialogs[0];
  useEffect(() => { ok.current?.focus(); }, [current?.id]);
  if (!current) return null;
  const close = () => store.closeDialog(current.id);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-2 sm:p-4" onKeyDown={(e) => e.key === 'Escape' && close()}>
      <div role="alertdialog" aria-modal="true" aria-labelledby="app-dialog-title" data-testid="error-dialog" className="max-h-full w-full max-w-md overflow-y-auto break-words rounded-lg bg-white p-6 shadow-xl dark:bg-slate-800">
        <h2 id="app-dialog-title" data-testid="error-dialog-title" className="mb-3 text-lg font-bold">{t(current.titleKey)}</h2>
        {current.messageKey && <p data-testid="error-dialog-message" className="mb-2">{t(current.messageKey)}</p>}
        {current.text && <p data-testid="error-dialog-message" className="mb-2">{current.text}</p>}
        {current.lines && (
          <ul className="mb-2 list-disc ps-6" data-testid="error-dialog-lines">
            {current.lines.map((line, i) => <li key={i}>{line}</li>)}
          </ul>
        )}
        <div className="mt-4 flex justify-end">
          <button ref={ok} type="button" className="rounded bg-sky-700 px-4 py-2 text-white" onClick={close}>{t('common.ok')}</button>
        </div>
      </div>
    </div>
  );
}
