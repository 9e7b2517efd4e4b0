import type { LandingLanguage, LandingTheme, PublicLandingBlock } from './landing-pages-api';

/**
 * Each theme's colours (the spec's survey theme colours). Written out whole so Tailwind keeps
 * them; every pair is dark text on a pale page and white on a 700 shade (above 4.5:1).
 */
const THEMES: Record<LandingTheme, { page: string; heading: string; button: string; swatch: string }> = {
  default: { page: 'bg-white text-slate-900', heading: 'text-slate-900', button: 'bg-slate-800 text-white', swatch: 'bg-slate-800' },
  blue: { page: 'bg-sky-50 text-slate-900', heading: 'text-sky-900', button: 'bg-sky-700 text-white', swatch: 'bg-sky-700' },
  green: { page: 'bg-emerald-50 text-slate-900', heading: 'text-emerald-900', button: 'bg-emerald-700 text-white', swatch: 'bg-emerald-700' },
  yellow: { page: 'bg-amber-50 text-slate-900', heading: 'text-amber-900', button: 'bg-amber-700 text-white', swatch: 'bg-amber-700' },
  red: { page: 'bg-red-50 text-slate-900', heading: 'text-red-900', button: 'bg-red-700 text-white', swatch: 'bg-red-700' },
  purple: { page: 'bg-purple-50 text-slate-900', heading: 'text-purple-900', button: 'bg-purple-700 text-white', swatch: 'bg-purple-700' },
  orange: { page: 'bg-orange-50 text-slate-900', heading: 'text-orange-900', button: 'bg-orange-700 text-white', swatch: 'bg-orange-700' },
  pink: { page: 'bg-pink-50 text-slate-900', heading: 'text-pink-900', button: 'bg-pink-700 text-white', swatch: 'bg-pink-700' },
  gray: { page: 'bg-gray-100 text-gray-900', heading: 'text-gray-900', button: 'bg-gray-700 text-white', swatch: 'bg-gray-700' },
};

export const themeSwatch = (theme: LandingTheme): string => THEMES[theme].swatch;

const HEADING_SIZES = { 1: 'text-3xl', 2: 'text-2xl', 3: 'text-xl' } as const;

export interface LandingPageViewProps {
  title: string;
  language: LandingLanguage;
  theme: LandingTheme;
  blocks: PublicLandingBlock[];
  /** The short-link code the visitor came with (`sl`): passed on to the form so its answer is attributed. */
  shortLinkCode?: string | null;
  /** The builder's preview: links do not navigate away from the builder. */
  preview?: boolean;
  'data-testid'?: string;
}

/**
 * One landing page as a visitor sees it, mobile first: a single column, right to left in Persian
 * and left to right in English whatever the panel's own language, in its theme. The builder's
 * live preview and the public page draw the same component.
 */
export function LandingPageView({ title, language, theme, blocks, shortLinkCode, preview, 'data-testid': testId }: LandingPageViewProps) {
  const colours = THEMES[theme] ?? THEMES.default;
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  const font = language === 'fa' ? 'font-[Vazirmatn,sans-serif]' : 'font-[Poppins,sans-serif]';
  const formHref = (formId: number) => `/form/${formId}${shortLinkCode ? `?sl=${encodeURIComponent(shortLinkCode)}` : ''}`;
  const blockPreventer = preview ? (e: { preventDefault(): void }) => e.preventDefault() : undefined;
  return (
    <article dir={dir} lang={language} aria-label={title} className={`min-h-full w-full px-4 py-6 text-start ${colours.page} ${font}`} data-testid={testId} data-theme={theme}>
      <div className="mx-auto flex max-w-md flex-col gap-4">
        {blocks.map((b, i) => {
          const key = `${i}-${b.type}`;
          switch (b.type) {
            case 'heading': {
              // The page title is the document's one h1 (the public page's, or the builder's own): blocks sit below it.
              const Tag = (`h${Math.min(3, Math.max(1, b.level)) + 1}`) as 'h2' | 'h3' | 'h4';
              return <Tag key={key} className={`font-bold leading-tight ${HEADING_SIZES[b.level] ?? 'text-xl'} ${colours.heading}`} dir="auto" data-testid="landing-block-heading">{b.text}</Tag>;
            }
            case 'text':
              return <p key={key} className="whitespace-pre-line leading-relaxed" dir="auto" data-testid="landing-block-text">{b.text}</p>;
            case 'image':
              return b.url
                ? <img key={key} src={b.url} alt={b.alt} className="h-auto w-full rounded" loading="lazy" data-testid="landing-block-image" />
                : <div key={key} className="rounded border border-dashed border-slate-400 p-6 text-center text-sm" data-testid="landing-block-image-missing">{b.alt || '—'}</div>;
            case 'button':
              return (
                <a key={key} href={b.url} rel="noopener noreferrer" onClick={blockPreventer}
                  className={`block rounded px-4 py-3 text-center font-semibold focus:outline-none focus:ring-2 focus:ring-offset-2 ${colours.button}`} dir="auto" data-testid="landing-block-button">{b.label}</a>
              );
            case 'form':
              return (
                <a key={key} href={formHref(b.formId)} onClick={blockPreventer}
                  className={`block rounded border-2 px-4 py-3 text-center font-semibold focus:outline-none focus:ring-2 focus:ring-offset-2 ${colours.heading}`} dir="auto" data-testid="landing-block-form">{b.label}</a>
              );
            default:
              return null;
          }
        })}
      </div>
    </article>
  );
}
