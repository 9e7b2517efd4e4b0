import { useSyncExternalStore } from 'react';
import type { DialogRequest } from '../api/error-catalogue';

export type ThemeMode = 'light' | 'dark';

export interface AppState {
  language: string;
  theme: ThemeMode;
  activeOrganizationId: string | null;
  impersonating: boolean;
  dialogs: (DialogRequest & { id: number })[];
  updateReady: boolean;
  changePasswordRequired: boolean;
  hideCreditPaymentType: boolean;
}

/** The few pieces of state the whole app shares, kept outside React so the api client can set them. */
export class AppStore {
  private state: AppState;
  private readonly listeners = new Set<() => void>();
  private nextDialogId = 1;

  constructor(initial: AppState) {
    this.state = initial;
  }

  get(): AppState { return this.state; }

  set(patch: Partial<AppState>): void {
    const next = { ...this.state, ...patch };
    if (Object.keys(patch).every((k) => next[k as keyof AppState] === this.state[k as keyof AppState])) return;
    this.state = next;
    for (const l of this.listeners) l();
  }

  showDialog(dialog: DialogRequest): void {
    this.set({ dialogs: [...this.state.dialogs, { ...dialog, id: this.nextDialogId++ }] });
  }

  closeDialog(id: number): void {
    this.set({ dialogs: this.state.dialogs.filter((d) => d.id !== id) });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useAppState<T>(store: AppStore, select: (s: AppState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
