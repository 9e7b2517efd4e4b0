import { instant, integer, nullableInstant, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * White-label domains (`CustomerDomains/*`, server module organizations; the client's domains
 * page and the login page read these). Enumerations are the spec's where it names them (Desktop,
 * LoginTheme); `dashboardMode` and `loginPageMode` are the house's (organizations CONTEXT.md,
 * decision log).
 */
export const DESKTOPS = ['Main', 'Orange', 'Windows', 'Android', 'Default', 'Dark'] as const;
export const LOGIN_THEMES = ['Default', 'Dark'] as const;
/** The panel's light/dark mode for a user who has not chosen one. */
export const DASHBOARD_MODES = ['Default', 'Light', 'Dark'] as const;
/** The spec's login layouts: an image on the right, in the centre, or a carousel of images. */
export const LOGIN_PAGE_MODES = ['Right', 'Center', 'Carousel'] as const;
export const DOMAIN_IMAGE_TYPES = ['AgentLogo', 'LoginImage'] as const;

export type Desktop = (typeof DESKTOPS)[number];
export type LoginTheme = (typeof LOGIN_THEMES)[number];
export type DashboardMode = (typeof DASHBOARD_MODES)[number];
export type LoginPageMode = (typeof LOGIN_PAGE_MODES)[number];
export type DomainImageType = (typeof DOMAIN_IMAGE_TYPES)[number];

/** The spec's image limit (jpg, png or jpeg, at most 1 MB). */
export const DOMAIN_IMAGE_MAX_BYTES = 1024 * 1024;
/** The spec's recommended login-image sizes: right or centre layout, and the carousel (378 px vertical, 756 px horizontal margins). */
export const LOGIN_IMAGE_SIZES = { single: { width: 1133, height: 604 }, carousel: { width: 4006, height: 2116 } } as const;
/** At most this many login images per domain (the carousel's; the single layouts show the first). */
export const MAX_LOGIN_IMAGES = 5;
/** The default branding's colours (the panel's own). */
export const DEFAULT_PRIMARY_COLOR = '#0369a1';
export const DEFAULT_SECONDARY_COLOR = '#0f172a';

const enumOf = <const T extends readonly string[]>(values: T) => ({ type: 'string', enum: values }) as const;

const loginImage = {
  type: 'object', required: ['key', 'url'], properties: { key: text, url: text },
} as const;

/** A domain as `Get/:id`, `GetAll`, `Create`, `Update` and the image calls answer it. Image `url`s are paths under the API root. */
export const customerDomainAnswer = {
  type: 'object',
  required: [
    'id', 'organizationId', 'organizationName', 'resellerDomain', 'resellerIdentityDomain', 'desktop', 'loginTheme', 'dashboardMode', 'loginPageMode',
    'primaryColor', 'secondaryColor', 'resellerLink', 'enamad', 'agentLogo', 'loginImages', 'isSignUpEnabled', 'createdAt', 'lastModified',
  ],
  properties: {
    id: integer,
    organizationId: integer,
    organizationName: text,
    resellerDomain: text,
    resellerIdentityDomain: nullableText,
    desktop: enumOf(DESKTOPS),
    loginTheme: enumOf(LOGIN_THEMES),
    dashboardMode: enumOf(DASHBOARD_MODES),
    loginPageMode: enumOf(LOGIN_PAGE_MODES),
    primaryColor: text,
    secondaryColor: text,
    resellerLink: nullableText,
    enamad: nullableText,
    agentLogo: nullableText,
    loginImages: { type: 'array', items: loginImage },
    /** Strangers may sign up on this domain's hosts (an organization under the domain's, inactive until approved). */
    isSignUpEnabled: { type: 'boolean' },
    createdAt: instant,
    lastModified: instant,
  },
} as const;

export const customerDomainsPageAnswer = pageOf(customerDomainAnswer);

export type CustomerDomainAnswer = AnswerOf<typeof customerDomainAnswer>;
export type CustomerDomainsPage = AnswerOf<typeof customerDomainsPageAnswer>;

/** What `CustomerDomains/GetCurrentClientData` answers before sign-in: the brand of the domain asked. */
export const clientDataAnswer = {
  type: 'object',
  required: [
    'domain', 'organizationName', 'desktop', 'loginTheme', 'primaryColor', 'secondaryColor', 'agentLogo', 'enamad', 'isDefault',
    'resellerLink', 'dashboardMode', 'loginPageMode', 'loginImages', 'lastModified', 'isSignUpEnabled',
  ],
  properties: {
    domain: text,
    organizationName: text,
    desktop: enumOf(DESKTOPS),
    loginTheme: enumOf(LOGIN_THEMES),
    primaryColor: text,
    secondaryColor: text,
    /** A path under the API root, or null. */
    agentLogo: nullableText,
    enamad: nullableText,
    /** True when no domain row names this host: the platform's own branding. */
    isDefault: { type: 'boolean' },
    resellerLink: nullableText,
    dashboardMode: enumOf(DASHBOARD_MODES),
    loginPageMode: enumOf(LOGIN_PAGE_MODES),
    /** Paths under the API root, in the carousel's order. */
    loginImages: { type: 'array', items: text },
    lastModified: nullableInstant,
    /** `Account/SignUp` is open on this host: the domain's switch, or (no domain) the system setting `IsSignUpEnabled`. */
    isSignUpEnabled: { type: 'boolean' },
  },
} as const;

export type ClientDataAnswer = AnswerOf<typeof clientDataAnswer>;
