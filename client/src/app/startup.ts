import { ApiClient } from '../shared/api/api-client';
import { SessionStore } from '../shared/auth/session-store';
import { applyDocumentLanguage, createI18n, ENGLISH, isPersian, LANGUAGE_KEY, PERSIAN } from '../shared/i18n/i18n';
import { loadRuntimeConfig, resolveApiRoot } from '../shared/runtime-config';
import { AppStore, type ThemeMode } from '../shared/app/app-store';
import type { AppServices } from '../shared/app/app-context';
import { allTexts } from './texts';
import { applyBranding, brandThemeMode, type Branding } from '../shared/app/branding';

export const ACTIVE_ORG_KEY = 'active-organization';

/** Startup could not reach the API; `updating` when the server says an update is in progress. */
export class StartupFailure extends Error {
  constructor(readonly updating: boolean) {
    super(updating ? 'server update in progress' : 'no connection to server');
  }
}

/** 'normal' means the server is fine; anything else means an update is running. */
async function serverIsUpdating(url: string, token: string): Promise<boolean> {
  try {
    const res = await fetch(url, { headers: { authorization: token }, cache: 'no-store' });
    if (!res.ok) return false;
    return (await res.text()).trim() !== 'normal';
  } catch {
    return false;
  }
}
export const THEME_KEY = 'theme';
export const API_URL_OVERRIDE_KEY = 'api-url';

function read(key: string): string | null {
  try { return window.localStorage.getItem(key); } catch { return null; }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch { /* storage unavailable: the choice lasts for this page */ }
}

/** Never resolves: with no API address the app cannot do anything, and says so in the log. */
const stall = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * The spec's startup sequence: runtime config; the origin page without cache for x-date,
 * x-api-address and x-language; language and direction; the API root (stored override only
 * outside production); a stall when there is none.
 */
export async function startApp(): Promise<AppServices> {
  const config = await loadRuntimeConfig();
  const language = read(LANGUAGE_KEY) ?? config.language ?? PERSIAN;
  if (!read(LANGUAGE_KEY) && config.language && !isPersian(config.language)) write(LANGUAGE_KEY, config.language);
  applyDocumentLanguage(language);
  const apiRoot = resolveApiRoot(config, read(API_URL_OVERRIDE_KEY));
  if (!apiRoot) {
    console.error('no connection to api');
    return stall();
  }
  const theme = (read(THEME_KEY) === 'dark' ? 'dark' : 'light') as ThemeMode;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  const store = new AppStore({
    language: isPersian(language) ? PERSIAN : language,
    theme,
    activeOrganizationId: read(ACTIVE_ORG_KEY),
    impersonating: false,
    dialogs: [],
    updateReady: false,
    changePasswordRequired: false,
    hideCreditPaymentType: false,
  });
  const i18n = createI18n(allTexts, language);
  const session = new SessionStore(window.localStorage, window.sessionStorage);
  const leave = () => window.location.assign(config.origin || '/');
  const api = new ApiClient(session, {
    apiRoot: () => apiRoot,
    language: () => store.get().language,
    activeOrganizationId: () => store.get().activeOrganizationId,
    showDialog: (d) => store.showDialog(d),
    setImpersonating: (on) => store.set({ impersonating: on }),
    hideCreditPaymentType: () => store.set({ hideCreditPaymentType: true }),
    leave,
    log: (message, detail) => console.info(message, detail ?? ''),
  });
  // The domain's client data comes first (no token): failing it, the server state says which
  // screen to show — server error, or an update in progress.
  let brand: Branding;
  try {
    brand = await api.get<Branding>('/CustomerDomains/GetCurrentClientData', { quiet: true });
  } catch {
    throw new StartupFailure(config.serverStateApiUrl ? await serverIsUpdating(config.serverStateApiUrl, config.serverStateToken) : false);
  }
  applyBranding(brand);
  // A user's own choice of light or dark wins; without one, the domain's.
  const brandTheme = read(THEME_KEY) ? null : brandThemeMode(brand);
  if (brandTheme) {
    document.documentElement.classList.toggle('dark', brandTheme === 'dark');
    store.set({ theme: brandTheme });
  }
  return {
    config, apiRoot, api, session, store, i18n, leave, brand,
    setLanguage(next: string) {
      const value = isPersian(next) ? PERSIAN : ENGLISH;
      write(LANGUAGE_KEY, value);
      applyDocumentLanguage(value);
      store.set({ language: value });
      void i18n.changeLanguage(value);
    },
    setActiveOrganization(id: string | null) {
      write(ACTIVE_ORG_KEY, id);
      store.set({ activeOrganizationId: id });
    },
    setTheme(next) {
      write(THEME_KEY, next);
      document.documentElement.classList.toggle('dark', next === 'dark');
      store.set({ theme: next });
    },
  };
}
