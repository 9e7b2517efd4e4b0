/**
 * The signed-in session in browser storage, under the spec's keys 'act' and 'rft'. With
 * remember-me the tokens live in localStorage (they survive the browser closing and are shared by
 * tabs); without it in sessionStorage. The choice is kept across refreshes.
 */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export const ACCESS_KEY = 'act';
export const REFRESH_KEY = 'rft';
const REMEMBER_KEY = 'remember-me';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export class SessionStore {
  constructor(private readonly local: StorageLike, private readonly session: StorageLike) {}

  rememberMe(): boolean {
    return this.local.getItem(REMEMBER_KEY) === '1';
  }

  private store(): StorageLike {
    return this.rememberMe() ? this.local : this.session;
  }

  tokens(): Tokens | null {
    const s = this.store();
    const accessToken = s.getItem(ACCESS_KEY);
    const refreshToken = s.getItem(REFRESH_KEY);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  }

  accessToken(): string | null {
    return this.store().getItem(ACCESS_KEY);
  }

  save(tokens: Tokens, rememberMe: boolean = this.rememberMe()): void {
    this.clear();
    if (rememberMe) this.local.setItem(REMEMBER_KEY, '1');
    const s = this.store();
    s.setItem(ACCESS_KEY, tokens.accessToken);
    s.setItem(REFRESH_KEY, tokens.refreshToken);
  }

  saveRefreshToken(refreshToken: string): void {
    this.store().setItem(REFRESH_KEY, refreshToken);
  }

  clear(): void {
    for (const s of [this.local, this.session]) {
      s.removeItem(ACCESS_KEY);
      s.removeItem(REFRESH_KEY);
    }
    this.local.removeItem(REMEMBER_KEY);
  }
}

/** Another tab changed the session (signed out, signed in, refreshed): this one reloads to the origin. */
export function watchOtherTabs(onChange: () => void): () => void {
  // One sign-out removes both keys (and a sign-in rewrites both), so several storage events
  // arrive together; acting on each would start a second navigation that aborts the first.
  let pending = false;
  const listener = (e: StorageEvent) => {
    if (pending || (e.key !== ACCESS_KEY && e.key !== REFRESH_KEY && e.key !== null)) return;
    pending = true;
    setTimeout(onChange, 50);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
