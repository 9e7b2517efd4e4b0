import { flag, instant, integer, nullableInstant, nullableText, pageOf, text, type AnswerOf } from '../contracts/answer-schemas.js';

/**
 * Landing pages (server module engage, `LandingPages/*`; the client's landing-pages feature reads
 * these). The themes are the spec's survey theme colours, so a campaign's landing page and its
 * survey can wear the same one.
 */
export const LANDING_THEMES = ['default', 'blue', 'green', 'yellow', 'red', 'purple', 'orange', 'pink', 'gray'] as const;
export type LandingTheme = (typeof LANDING_THEMES)[number];
export const LANDING_LANGUAGES = ['fa', 'en'] as const;
export type LandingLanguage = (typeof LANDING_LANGUAGES)[number];
export const LANDING_BLOCK_TYPES = ['heading', 'text', 'image', 'button', 'form'] as const;
export type LandingBlockType = (typeof LANDING_BLOCK_TYPES)[number];
/** A page is a short mobile page, not a site: more blocks than this is a mistake, not a page. */
export const MAX_LANDING_BLOCKS = 50;
/** Images: png/jpeg up to 2 MB (judged from the bytes by the upload intake). */
export const LANDING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A slug and an organization's public name: Latin letters, digits and inner hyphens (URL-safe as typed), stored lower-case. */
export const LANDING_NAME_PATTERN = '^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,48}[a-zA-Z0-9])?$';

export interface HeadingBlock { type: 'heading'; text: string; level: 1 | 2 | 3 }
export interface TextBlock { type: 'text'; text: string }
export interface ImageBlock { type: 'image'; imageKey: string; alt: string }
export interface ButtonBlock { type: 'button'; label: string; url: string }
export interface FormBlock { type: 'form'; formId: number; label: string }
export type LandingBlock = HeadingBlock | TextBlock | ImageBlock | ButtonBlock | FormBlock;

// Blocks are typed by hand above (a union the schema's if/then cannot name); the answer checks only their shape.
const blocks = { type: 'array', items: { type: 'object', required: ['type'], properties: { type: text } } } as const;

const pageProperties = {
  id: integer,
  organizationId: integer,
  userId: integer,
  title: text,
  slug: text,
  language: text,
  theme: text,
  isPublished: flag,
  publishedAt: nullableInstant,
  /** The organization's public name; null until it chose one (nothing can be published before). */
  organizationName: nullableText,
  /** The page's public path under the panel's origin (`/landing-page/{organizationName}/{slug}`); null without a public name. */
  publicPath: nullableText,
  blockCount: integer,
  createdAt: instant,
  updatedAt: instant,
} as const;
const pageRequired = ['id', 'organizationId', 'userId', 'title', 'slug', 'language', 'theme', 'isPublished', 'publishedAt', 'organizationName', 'publicPath', 'blockCount', 'createdAt', 'updatedAt'] as const;

export const landingPageListItem = { type: 'object', required: pageRequired, properties: pageProperties } as const;
export const landingPagesPageAnswer = pageOf(landingPageListItem);
export const landingPageAnswer = {
  type: 'object', required: [...pageRequired, 'blocks'], properties: { ...pageProperties, blocks },
} as const;

export const landingAddressAnswer = {
  type: 'object', required: ['organizationId', 'organizationName'], properties: { organizationId: integer, organizationName: nullableText },
} as const;

export const landingImageAnswer = {
  type: 'object', required: ['key', 'url', 'width', 'height'], properties: { key: text, url: text, width: integer, height: integer },
} as const;

export const landingVisitsAnswer = {
  type: 'object', required: ['days', 'total'],
  properties: {
    /** Every Tehran day of the range, oldest first, zero where nobody came. */
    days: { type: 'array', items: { type: 'object', required: ['day', 'visits'], properties: { day: text, visits: integer } } },
    total: integer,
  },
} as const;

/** What the public page reads: no ids but the blocks', no owner. */
export const publicLandingPageAnswer = {
  type: 'object', required: ['title', 'language', 'theme', 'organizationName', 'slug', 'blocks'],
  properties: { title: text, language: text, theme: text, organizationName: text, slug: text, blocks },
} as const;

type WithBlocks<T> = Omit<T, 'blocks' | 'language' | 'theme'> & { blocks: LandingBlock[]; language: LandingLanguage; theme: LandingTheme };
export type LandingPageListItem = Omit<AnswerOf<typeof landingPageListItem>, 'language' | 'theme'> & { language: LandingLanguage; theme: LandingTheme };
export type LandingPagesPage = { items: LandingPageListItem[]; totalCount: number };
export type LandingPageAnswer = WithBlocks<AnswerOf<typeof landingPageAnswer>>;
export type LandingAddressAnswer = AnswerOf<typeof landingAddressAnswer>;
export type LandingImageAnswer = AnswerOf<typeof landingImageAnswer>;
export type LandingVisitsAnswer = AnswerOf<typeof landingVisitsAnswer>;
/** Image blocks carry `url` (the public image address) besides their key. */
export type PublicLandingBlock = Exclude<LandingBlock, ImageBlock> | (ImageBlock & { url: string });
export type PublicLandingPageAnswer = Omit<AnswerOf<typeof publicLandingPageAnswer>, 'blocks' | 'language' | 'theme'> & { blocks: PublicLandingBlock[]; language: LandingLanguage; theme: LandingTheme };

/** The API path (under the API root) of a landing page image. */
export const landingImagePath = (key: string) => `LandingPages/Image/${key}`;
