import type { ClientDataAnswer } from '../../../../server/shared/organizations/customer-domains.answers';

/** The white-label branding of the domain the panel was opened on (`CustomerDomains/GetCurrentClientData`). */
export type Branding = ClientDataAnswer;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * Puts the branding on the page before anyone signs in: the colours as CSS variables
 * (`--brand-primary`, `--brand-secondary`, and `--brand-on-primary`, the text colour readable on the
 * primary; the login page's accent bar, card edge and button use them), and the
 * desktop and login theme as data attributes, so styles may key on them.
 */
export function applyBranding(brand: Branding, root: HTMLElement = document.documentElement): void {
  // The server answers #rrggbb only; anything else keeps the stylesheet's default.
  if (COLOUR.test(brand.primaryColor)) {
    root.style.setProperty('--brand-primary', brand.primaryColor);
    root.style.setProperty('--brand-on-primary', readableOn(brand.primaryColor));
  }
  if (COLOUR.test(brand.secondaryColor)) root.style.setProperty('--brand-secondary', brand.secondaryColor);
  root.dataset.desktop = brand.desktop;
  root.dataset.loginTheme = brand.loginTheme;
  // The tab reads the reseller's name on its domain; the default keeps index.html's title.
  if (!brand.isDefault && brand.organizationName) root.ownerDocument.title = brand.organizationName;
}

/**
 * Black or white, whichever contrasts more with the colour (WCAG relative luminance): a reseller's
 * light primary colour still gets a readable button label.
 */
export function readableOn(hex: string): '#000000' | '#ffffff' {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is 1.05/(l+0.05), with black (l+0.05)/0.05; equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
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
  agentLogo: null, enamad: null, isDefault: true, resellerLink: null, dashboardMode: 'Default', loginPageMode: 'Right', loginImages: [], lastModified: null, isSignUpEnabled: false,
};
