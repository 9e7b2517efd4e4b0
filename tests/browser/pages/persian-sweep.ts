import type { Page } from 'playwright-core';

/**
 * Words a Persian screen may show in Latin letters: product and protocol names that have no Persian
 * form in use (Peyk is the product; SMPP, HTTP, REST, API, OTP, SMS, IP, PEM, TLS name protocols and
 * formats; Excel, Swagger, Kavenegar are other products; IBAN, SLA, BTS, UDH, JSON, CSV are the
 * terms as used; curl, Node.js and PHP name the languages of the API samples' tabs). Anything else in Latin letters is an English word or a raw key.
 */
export const LATIN_ALLOWED = [
  'Peyk', 'SMPP', 'HTTP', 'HTTPS', 'REST', 'API', 'OTP', 'SMS', 'IP', 'IPv4', 'IPv6', 'PEM', 'TLS', 'Excel', 'Swagger',
  'Kavenegar', 'IBAN', 'SLA', 'BTS', 'UDH', 'JSON', 'CSV', 'txt', 'csv', 'xlsx', 'PNG', 'JPEG', 'MP3', 'WAV',
  'curl', 'Node.js', 'PHP',
];

/** The little of the page's document the waits read (the page objects compile without the DOM library). */
interface PageDocument { body: PageElement; querySelector(selector: string): PageElement | null }
interface PageElement { querySelector(selector: string): PageElement | null }

/** What a screen shows in Latin letters or digits outside data, one entry per text. */
export interface LatinFinding { text: string }

/**
 * The Persian-screen sweep: moves between the panel's pages inside the app (no reload) and reads
 * every visible text of the layout for Latin letters and digits. Text marked as data is skipped:
 * user text (`<bdi>`, the UserText element), left-to-right data (`dir="ltr"`: numbers, addresses,
 * codes), `code`/`pre`, text the markup says is English (`lang="en"`: the language switch names
 * English in English), form values (not text), and `translate="no"` / `data-user-data` elements.
 */
export class PersianSweep {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  /** The panel pages of the main menu (pages opening in a new tab are the server's, not the panel's). */
  async menuPaths(): Promise<string[]> {
    const menu = this.page.getByTestId('main-menu');
    await menu.waitFor({ state: 'attached' });
    const hrefs = await menu.locator('a:not([target="_blank"])').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
  }

  /** Opens a page of the panel as a menu link does (client-side), and waits until it has loaded. */
  async open(path: string): Promise<void> {
    await this.page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`);
    await this.page.waitForURL((url) => url.pathname + url.search === path);
    await this.settled();
  }

  /** A page's first paint shows spinners and busy tables; wait until none is left. */
  async settled(): Promise<void> {
    // Functions, not strings: the panel's CSP refuses a string predicate (eval).
    await this.page.waitForFunction(() => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const main = doc.querySelector('main') ?? doc.body;
      return !!main.querySelector('h1, h2') && !doc.querySelector('[aria-busy="true"], .animate-spin');
    }, undefined, { timeout: 15_000 });
    // SWR answers arrive in turn (a list, then the pickers it names): one more moment of quiet.
    await this.page.waitForTimeout(300);
    await this.page.waitForFunction(() => !(globalThis as unknown as { document: PageDocument }).document.querySelector('[aria-busy="true"], .animate-spin'), undefined, { timeout: 15_000 });
  }

  /** Visible texts with a Latin letter or digit, outside data and the given words (the test's own data). */
  async latinTexts(allowed: string[]): Promise<LatinFinding[]> {
    const escaped = [...LATIN_ALLOWED, ...allowed].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
    // Runs in the page (a string: the page objects compile without the DOM library).
    return this.page.evaluate(`(() => {
      const DATA = 'bdi, [dir="ltr"], [lang|="en"], code, pre, script, style, noscript, [translate="no"], [data-user-data], svg';
      const allowedWords = new RegExp(${JSON.stringify(`\\b(${escaped.join('|')})\\b`)}, 'g');
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || el.closest(DATA)) continue;
        const text = (node.textContent || '').trim();
        if (!text) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        if (getComputedStyle(el).visibility === 'hidden') continue;
        const rest = text
          .replace(/[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+/g, '')
          .replace(/https?:\\/\\/\\S+/g, '')
          .replace(allowedWords, '');
        if (/[A-Za-z0-9]/.test(rest)) out.push({ text });
      }
      return out;
    })()`);
  }
}

/**
 * The sweep along a walk through the panel: each screen the walk reaches is read once it has
 * settled, and what it shows in Latin letters or digits outside data (an English string, a raw
 * i18n key) is kept with where it was seen. `own` is the walk's own data (names, numbers typed).
 */
export class PersianScreens {
  private readonly sweep: PersianSweep;
  private readonly found: string[] = [];

  constructor(page: Page, baseUrl: string, private readonly own: string[]) {
    this.sweep = new PersianSweep(page, baseUrl);
  }

  async check(where: string): Promise<void> {
    await this.sweep.settled();
    for (const f of await this.sweep.latinTexts(this.own)) this.found.push(`${where}: ${f.text}`);
  }

  /** What was seen, once per screen and text. */
  findings(): string[] { return [...new Set(this.found)]; }
}
