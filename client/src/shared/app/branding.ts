import type { ClientDataAnswer } from '../../../../server/shared/organizations/customer-domains.answers';

/** The white-label branding of the domain the panel was opened on (`CustomerDomains/GetCurrentClientData`). */
export type Branding = ClientDataAnswer;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * Puts the branding on the page before anyone signs in: the colours as CSS variables
 * (`--brand-primary`, `--brand-secondary`; the login page's title and button use them), and the
 * desktop and login theme as data attributes, so styles may key on them.
 */
export function applyBranding(brand: Branding, root: HTMLElement = document.documentElement): void {
  // The server answers #rrggbb only; anything else keeps the stylesheet's default.
  if (COLOUR.test(brand.primaryColor)) root.style.setProperty('--brand-primary', brand.primaryColor);
  if (COLOUR.test(brand.secondaryColor)) root.style.setProperty('--brand-secondary', brand.secondaryColor);
  root.dataset.desktop = brand.desktop;
  root.dataset.loginTheme = brand.loginTheme;
}

/** The light/dark mode a domain gives a user who has not chosen one: its dashboard mode, else a Dark desktop. */
export function brandThemeMode(brand: Branding): 'light' | 'dark' | null {
  if (brand.dashboardMode === 'Dark' || (brand.dashboardMode === 'Default' && brand.desktop === 'Dark')) return 'dark';
  if (brand.dashboardMode === 'Light') return 'light';
  return null;
}

/** A branding image's address: the server answers paths under the API root. */
export function brandImageUrl(apiRoot: string, path: string): string {
  return `${apiRoot.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Before startup has answered (tests render pages without it): the platform's own look. */
export const DEFAULT_BRANDING: Branding = {
  domain: '', organizationName: '', desktop: 'Default', loginTheme: 'Default', primaryColor: '#0369a1', secondaryColor: '#0f172a',
  agentLogo: null, enamad: null, isDefault: true, resellerLink: null, dashboardMode: 'Default', loginPageMode: 'Right', loginImages: [], lastModified: null,
};
