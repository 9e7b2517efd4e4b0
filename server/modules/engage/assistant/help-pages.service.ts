import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectable } from 'inversify';
import { findRepoRoot } from '../../../platform/config.js';
import { notFound } from '../../../platform/http/errors.js';
import { prepare, sectionScore, type PreparedText } from '../../../shared/engage/assistant-matching.js';

export type HelpLanguage = 'fa' | 'en';
export const HELP_LANGUAGES: readonly HelpLanguage[] = ['fa', 'en'];

/** One `## ` part of a help page (the text before the first one is section `s0`, titled as the page). */
export interface HelpSection {
  id: string;
  title: string;
  /** The section's markdown, without its heading. */
  markdown: string;
}

export interface HelpPage {
  slug: string;
  language: HelpLanguage;
  title: string;
  order: number;
  sections: HelpSection[];
}

/** A section prepared for matching (the assistant and the viewer's search). */
export interface HelpCandidate {
  page: HelpPage;
  section: HelpSection;
  title: PreparedText;
  body: PreparedText;
  /** The section's plain text, for the answer and for embeddings. */
  plain: string;
}

export interface HelpHit {
  slug: string;
  pageTitle: string;
  sectionId: string;
  sectionTitle: string;
  snippet: string;
  link: string;
  score: number;
}

// Below this a search result is noise: the viewer's search lists only sections that hold most of the words.
const SEARCH_FLOOR = 0.35;
const SEARCH_LIMIT = 10;

/**
 * The product's own help pages (`docs/help/{fa,en}/NN-slug.md`, in the repository and the image):
 * read once, on first use, and kept — they change only with a release. `NN` orders the table of
 * contents; the slug is the page's address in both languages.
 */
@injectable()
export class HelpPagesService {
  private loaded: Promise<Map<HelpLanguage, HelpCandidate[][]>> | null = null;

  /** The table of contents in one language. */
  async list(language: HelpLanguage) {
    const pages = await this.pages(language);
    return pages.map((p) => ({ slug: p.slug, title: p.title, sections: p.sections.filter((s) => s.id !== 's0').map((s) => ({ id: s.id, title: s.title })) }));
  }

  async get(language: HelpLanguage, slug: string) {
    const page = (await this.pages(language)).find((p) => p.slug === slug);
    if (!page) throw notFound('assistant.helpPageNotFound');
    return { slug: page.slug, language: page.language, title: page.title, sections: page.sections };
  }

  /** The viewer's search box: sections holding the words of `query`, best first, with the same matcher as the assistant. */
  async search(language: HelpLanguage, query: string): Promise<HelpHit[]> {
    const q = prepare(query);
    if (q.tokens.length === 0) return [];
    return (await this.candidates(language))
      .map((c) => ({ c, score: sectionScore(q, c.title, c.body) }))
      .filter((x) => x.score >= SEARCH_FLOOR)
      .sort((a, b) => b.score - a.score)
      .slice(0, SEARCH_LIMIT)
      .map(({ c, score }) => hitOf(c, score));
  }

  async candidates(language: HelpLanguage): Promise<HelpCandidate[]> {
    return ((await this.load()).get(language) ?? []).flat();
  }

  private async pages(language: HelpLanguage): Promise<HelpPage[]> {
    return ((await this.load()).get(language) ?? []).map((sections) => sections[0].page);
  }

  private load() {
    this.loaded ??= readAll().catch((err: unknown) => {
      this.loaded = null;
      throw err;
    });
    return this.loaded;
  }
}

export function hitOf(c: HelpCandidate, score: number): HelpHit {
  return {
    slug: c.page.slug, pageTitle: c.page.title, sectionId: c.section.id, sectionTitle: c.section.title,
    snippet: snippetOf(c.plain), link: helpLink(c.page.slug, c.section.id), score: Math.round(score * 1000) / 1000,
  };
}

export const helpLink = (slug: string, sectionId: string) => `/documentation/${slug}${sectionId === 's0' ? '' : `#${sectionId}`}`;

function snippetOf(plain: string): string {
  return plain.length <= 240 ? plain : `${plain.slice(0, 237).replace(/\s+\S*$/, '')}…`;
}

function helpDir(): string {
  return path.join(findRepoRoot(path.dirname(fileURLToPath(import.meta.url))), 'docs', 'help');
}

async function readAll(): Promise<Map<HelpLanguage, HelpCandidate[][]>> {
  const dir = helpDir();
  const out = new Map<HelpLanguage, HelpCandidate[][]>();
  for (const language of HELP_LANGUAGES) {
    const files = (await readdir(path.join(dir, language))).filter((f) => /^\d+-[a-z0-9-]+\.md$/.test(f)).sort();
    const pages: HelpCandidate[][] = [];
    for (const file of files) {
      const page = parsePage(language, file, await readFile(path.join(dir, language, file), 'utf8'));
      pages.push(page.sections.map((section) => {
        const plain = plainText(section.markdown);
        return { page, section, title: prepare(section.title), body: prepare(plain), plain };
      }));
    }
    out.set(language, pages);
  }
  return out;
}

/** `# Title`, then sections under `## ` headings; section ids by position (`s0` = the text before the first heading). */
export function parsePage(language: HelpLanguage, file: string, text: string): HelpPage {
  const match = /^(\d+)-([a-z0-9-]+)\.md$/.exec(file) as RegExpExecArray;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let title = match[2];
  const sections: HelpSection[] = [];
  let current: { title: string; lines: string[] } = { title: '', lines: [] };
  const close = () => sections.push({ id: `s${sections.length}`, title: current.title, markdown: current.lines.join('\n').trim() });
  for (const line of lines) {
    if (/^# /.test(line) && sections.length === 0 && current.lines.every((l) => !l.trim())) {
      title = line.slice(2).trim();
      current.title = title;
    } else if (/^## /.test(line)) {
      close();
      current = { title: line.slice(3).trim(), lines: [] };
    } else {
      current.lines.push(line);
    }
  }
  close();
  return { slug: match[2], language, title, order: Number(match[1]), sections };
}

/** Markdown as words: code marks, emphasis and link targets dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#]/g, '')
    .replace(/^\s*-\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
