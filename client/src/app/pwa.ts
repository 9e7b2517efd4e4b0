import type { AppStore } from '../shared/app/app-store';

const REGISTER_AFTER_MS = 30_000;

/**
 * Registers the service worker when the app is stable (the page has loaded and the browser is
 * idle) or after 30 s, whichever comes first; a waiting worker means a new version is ready.
 */
export function registerServiceWorker(store: AppStore): () => void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return () => undefined;
  let done = false;
  const register = () => {
    if (done) return;
    done = true;
    navigator.serviceWorker.register('/sw.js').then((registration) => {
      const onWaiting = () => store.set({ updateReady: true });
      if (registration.waiting && navigator.serviceWorker.controller) onWaiting();
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) onWaiting();
        });
      });
    }).catch((e: unknown) => console.info('service worker registration failed', e));
  };
  const timer = window.setTimeout(register, REGISTER_AFTER_MS);
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const idle = hasIdle ? window.requestIdleCallback(register) : globalThis.setTimeout(register, 1000);
  return () => {
    window.clearTimeout(timer);
    if (hasIdle) window.cancelIdleCallback(idle as number);
    else globalThis.clearTimeout(idle);
  };
}

/** Activates the waiting worker and reloads once it has taken over. */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
