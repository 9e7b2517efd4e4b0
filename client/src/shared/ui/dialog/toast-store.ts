/** A tiny toast store (no React): push, dismiss, subscribe; toasts close themselves after 5000 ms. */

export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  kind?: ToastKind;
  /** Already translated title; the kind's default title is shown when absent. */
  title?: string;
  /** Already translated message. */
  message: string;
  /** The message is text someone else wrote (an SMS): shown as user text, in its own direction and digits. */
  userText?: boolean;
  /** Lifetime in ms (default 5000); 0 keeps the toast until dismissed. */
  durationMs?: number;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  title?: string;
  message: string;
  userText?: boolean;
  durationMs: number;
  createdAt: number;
}

export type ToastListener = (toasts: readonly Toast[]) => void;

export interface ToastStore {
  push(input: ToastInput): number;
  dismiss(id: number): void;
  clear(): void;
  /** Current toasts; the same array until something changes (useSyncExternalStore friendly). */
  getSnapshot(): readonly Toast[];
  /** Returns the unsubscribe function. */
  subscribe(listener: ToastListener): () => void;
}

export interface ToastStoreOptions {
  durationMs?: number;
  /** Maximum toasts shown at once; the oldest go first (default 5). */
  max?: number;
}

export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const defaultDuration = options.durationMs ?? TOAST_DURATION_MS;
  const max = options.max ?? 5;
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<ToastListener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const emit = () => {
    for (const listener of [...listeners]) listener(toasts);
  };

  const stopTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) globalThis.clearTimeout(timer);
    timers.delete(id);
  };

  const dismiss = (id: number) => {
    stopTimer(id);
    if (!toasts.some((t) => t.id === id)) return;
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };

  return {
    push(input) {
      const toast: Toast = {
        id: nextId++,
        kind: input.kind ?? 'info',
        title: input.title,
        message: input.message,
        ...(input.userText ? { userText: true } : {}),
        durationMs: input.durationMs ?? defaultDuration,
        createdAt: Date.now(),
      };
      let next = [...toasts, toast];
      while (next.length > max) {
        stopTimer(next[0].id);
        next = next.slice(1);
      }
      toasts = next;
      if (toast.durationMs > 0) {
        timers.set(toast.id, globalThis.setTimeout(() => dismiss(toast.id), toast.durationMs));
      }
      emit();
      return toast.id;
    },
    dismiss,
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id);
      if (toasts.length === 0) return;
      toasts = [];
      emit();
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The application-wide store used by <ToastViewport /> by default. */
export const toastStore: ToastStore = createToastStore();

export const showToast = (input: ToastInput): number => toastStore.push(input);
