import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../class-names';
import { UI_NS } from '../ui.i18n';
import { UserText } from '../user-text';
import { toastStore as defaultStore, type Toast, type ToastKind, type ToastStore } from './toast-store';

export interface ToastViewportProps {
  /** Defaults to the application-wide toastStore. */
  store?: ToastStore;
  'data-testid'?: string;
}

const kindClass: Record<ToastKind, string> = {
  success: 'border-green-600 dark:border-green-400',
  error: 'border-red-600 dark:border-red-400',
  info: 'border-blue-600 dark:border-blue-400',
  warning: 'border-amber-500 dark:border-amber-400',
};

const barClass: Record<ToastKind, string> = {
  success: 'bg-green-600 dark:bg-green-400',
  error: 'bg-red-600 dark:bg-red-400',
  info: 'bg-blue-600 dark:bg-blue-400',
  warning: 'bg-amber-500 dark:bg-amber-400',
};

/** Renders the toasts at top centre; place once near the app root. */
export const ToastViewport = ({ store = defaultStore, 'data-testid': testId = 'toasts' }: ToastViewportProps) => {
  const { t } = useTranslation(UI_NS);
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section
      aria-label={t('toast.region') as string}
      className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4"
      data-testid={testId}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={() => store.dismiss(toast.id)} testId={testId} />
      ))}
    </section>
  );
};

interface ToastItemProps {
  toast: Toast;
  onDismiss: () => void;
  testId: string;
}

const ToastItem = ({ toast, onDismiss, testId }: ToastItemProps) => {
  const { t } = useTranslation(UI_NS);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const bar = barRef.current;
    if (!bar || toast.durationMs <= 0 || typeof bar.animate !== 'function') return undefined;
    const elapsed = Math.min(toast.durationMs, Math.max(0, Date.now() - toast.createdAt));
    const animation = bar.animate([{ transform: 'scaleX(1)' }, { transform: 'scaleX(0)' }], {
      duration: toast.durationMs,
      easing: 'linear',
      fill: 'forwards',
    });
    animation.currentTime = elapsed;
    return () => animation.cancel();
  }, [toast.durationMs, toast.createdAt]);

  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      className={cx(
        'pointer-events-auto relative w-full max-w-sm overflow-hidden rounded-md border-s-4 bg-white text-start shadow-lg dark:bg-gray-800 dark:text-gray-100',
        kindClass[toast.kind],
      )}
      data-testid={`${testId}-item`}
      data-kind={toast.kind}
    >
      <div className="flex items-start gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{toast.title ?? t(`toast.${toast.kind}`)}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">{toast.userText ? <UserText>{toast.message}</UserText> : toast.message}</p>
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('toast.dismiss') as string}
          className="rounded px-1 text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-100"
          data-testid={`${testId}-dismiss`}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {toast.durationMs > 0 && (
        <div
          ref={barRef}
          aria-hidden="true"
          className={cx('absolute bottom-0 start-0 h-1 w-full ltr:origin-left rtl:origin-right', barClass[toast.kind])}
          data-testid={`${testId}-progress`}
        />
      )}
    </div>
  );
};
