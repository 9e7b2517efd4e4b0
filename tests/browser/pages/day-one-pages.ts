import type { Page } from 'playwright-core';
import { AccessibilityCheck, describeViolations } from './accessibility-pages.js';

/**
 * What the day-one walk asks of every screen it passes: no horizontal page overflow, no raw code
 * or field name on screen, Persian digits in Persian (outside fields, left-to-right technical text
 * and what users typed, which is shown as typed), and no axe-core violation of serious or critical
 * impact.
 */
// Passed as source text: the runner's transpiler would add helpers a page does not have.
const SCREEN_TEXT = `(() => {
  const out = [];
  const skip = (el) => !!el.closest('input, textarea, select, code, script, style, [aria-hidden="true"], .sr-only, [data-latin-ok]');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skip(el)) continue;
    const text = node.textContent.trim();
    if (!text) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
    // What a user typed is shown as typed: <bdi>, dir="auto" and FSI…PDI isolates hold it.
    const own = text.replace(/\u2068[^\u2069]*\u2069/g, ' ').trim();
    if (!own || el.closest('bdi, [dir="auto"]')) continue;
    out.push({ text: own, ltr: !!el.closest('[dir="ltr"]') });
  }
  return out;
})()`;

/** Enum codes and internal names (PascalCase words like SendSms, field names like organizationId). */
const RAW_CODE = /\b[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:[A-Z][a-z]*)*Id\b/;
const LATIN_DIGIT = /[0-9]/;

export class ScreenAudit {
  private readonly axe: AccessibilityCheck;

  constructor(private readonly page: Page) {
    this.axe = new AccessibilityCheck(page);
  }

  /** How many CSS pixels the page is wider than the viewport (0 when nothing overflows). */
  overflow(): Promise<number> {
    return this.page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  }

  /** Every problem of the screen as it stands, one line each; empty when the screen is fine. */
  async problems(where: string, language: 'fa' | 'en' = 'fa'): Promise<string[]> {
    await this.axe.settled();
    const found: string[] = [];
    const overflow = await this.overflow();
    if (overflow > 0) found.push(`${where}: the page is ${overflow}px wider than the screen`);
    const texts = await this.page.evaluate<Array<{ text: string; ltr: boolean }>>(SCREEN_TEXT);
    for (const { text, ltr } of texts) {
      const code = RAW_CODE.exec(text);
      if (code) found.push(`${where}: raw code "${code[0]}" in "${text.slice(0, 80)}"`);
      if (language === 'fa' && !ltr && LATIN_DIGIT.test(text)) found.push(`${where}: Latin digits in "${text.slice(0, 80)}"`);
    }
    const axe = describeViolations(where, await this.axe.seriousViolations());
    if (axe) found.push(axe);
    return found;
  }
}
