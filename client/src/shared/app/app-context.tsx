import { createContext, useContext } from 'react';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../api/api-client';
import type { SessionStore } from '../auth/session-store';
import type { RuntimeConfig } from '../runtime-config';
import type { AppStore } from './app-store';
import type { Branding } from './branding';

/** What every screen may use; built once at startup (see app/startup.ts). */
export interface AppServices {
  config: RuntimeConfig;
  apiRoot: string;
  api: ApiClient;
  session: SessionStore;
  store: AppStore;
  i18n: I18n;
  /** The white-label branding of the domain the panel was opened on (startup reads it before sign-in). */
  brand: Branding;
  setLanguage(language: string): void;
  setActiveOrganization(id: string | null): void;
  setTheme(theme: 'light' | 'dark'): void;
  /** Leaves to the origin page (signed out). */
  leave(): void;
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside AppContext');
  return services;
}
