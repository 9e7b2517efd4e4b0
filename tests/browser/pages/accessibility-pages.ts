import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

// Passed as source text: the test runner's transpiler would add helpers to a function's body that
// do not exist in the page.
const BORDER_CONTRASTS = `(() => {
  const rgb = (color) => {
    const m = color.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return parts.length > 3 && parts[3] === 0 ? null : parts.slice(0, 3);
  };
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const backgroundOf = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const bg = rgb(getComputedStyle(at).backgroundColor);
      if (bg) return bg;
    }
    return [255, 255, 255];
  };
  const fields = [...document.querySelectorAll('input, select, textarea')].filter((el) => {
    const type = el.getAttribute('type') ?? 'text';
    if (['checkbox', 'radio', 'range', 'file', 'color', 'hidden'].includes(type)) return false;
    const style = getComputedStyle(el);
    return el.getClientRects().length > 0 && style.visibility !== 'hidden' && parseFloat(style.borderTopWidth) > 0;
  });
  return fields.map((el) => {
    const border = luminance(rgb(getComputedStyle(el).borderTopColor) ?? [0, 0, 0]);
    const background = luminance(backgroundOf(el.parentElement));
    const ratio = (Math.max(border, background) + 0.05) / (Math.min(border, background) + 0.05);
    return { field: el.getAttribute('data-testid') ?? (el.id || el.tagName), ratio: Math.round(ratio * 100) / 100 };
  });
})()`;

/** A main page of the panel: where it lives and the test id that says it has rendered. */
export interface MainPage { name: string; path: string; testId: string }

export const MAIN_PAGES: MainPage[] = [
  { name: 'dashboard', path: '/', testId: 'dashboard-page' },
  { name: 'outbox', path: '/outbox', testId: 'outbox-page' },
  { name: 'send single', path: '/sending/single', testId: 'single-send-page' },
  { name: 'send bulk', path: '/sending/bulk', testId: 'bulk-send-page' },
  { name: 'users', path: '/users', testId: 'users-page' },
  { name: 'organizations', path: '/organizations', testId: 'organizations-page' },
  { name: 'transactions', path: '/financial/transactions', testId: 'transactions-page' },
  { name: 'online payment', path: '/financial/online-payment', testId: 'online-payment-page' },
  { name: 'payment gateways', path: '/financial/gateways', testId: 'gateways-page' },
  { name: 'main settings', path: '/infrastructure/main-settings', testId: 'main-settings-page' },
  { name: 'plans', path: '/financial/plans', testId: 'plans-page' },
  { name: 'organization modules', path: '/financial/modules', testId: 'modules-page' },
  { name: 'API tokens', path: '/developer/api-tokens', testId: 'api-tokens-page' },
];

/** Runs axe-core in a page and reads its findings; also the skip link and the main landmark. */
export class AccessibilityCheck {
  constructor(private readonly page: Page) {}

  /** Opens a page of the panel and waits until its content and every loading indicator are done. */
  async open(baseUrl: string, target: MainPage): Promise<void> {
    await this.page.goto(`${baseUrl}${target.path}`);
    await this.page.getByTestId(target.testId).waitFor();
    await this.settled();
  }

  /** No spinner or busy region left: axe must see the finished page, not a loading state. */
  async settled(): Promise<void> {
    await this.page.waitForFunction(() => (globalThis as any).document.querySelectorAll('[role="status"] .animate-spin, [aria-busy="true"]').length === 0);
  }

  /** Violations of impact serious or critical. */
  async seriousViolations(): Promise<AxeViolation[]> {
    await this.transitionsDone();
    if (!(await this.page.evaluate<boolean>(`'axe' in window`))) await this.page.addScriptTag({ path: AXE_SCRIPT });
    const all = await this.page.evaluate<AxeViolation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
      result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) })))`);
    return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }

  /** The element that takes the first Tab press on a freshly loaded page (nothing clicked yet). */
  async firstFocusable(): Promise<{ text: string; href: string | null; visible: boolean }> {
    await this.page.keyboard.press('Tab');
    return this.page.evaluate(`(() => {
      const el = document.activeElement;
      const box = el.getBoundingClientRect();
      return { text: el.innerText.trim(), href: el.getAttribute('href'), visible: box.width > 1 && box.height > 1 };
    })()`);
  }

  focusedId() { return this.page.evaluate<string | undefined>('document.activeElement?.id'); }

  /**
   * Every visible text field, select and text area with a border: the border's contrast ratio
   * against the background it sits on (the nearest ancestor with an opaque background).
   */
  async fieldBorderContrasts(): Promise<Array<{ field: string; ratio: number }>> {
    return this.page.evaluate<Array<{ field: string; ratio: number }>>(BORDER_CONTRASTS);
  }

  async useDarkTheme(dark: boolean): Promise<void> {
    await this.page.evaluate(`document.documentElement.classList.toggle('dark', ${dark})`);
    // Buttons fade their colours (transition-colors): axe reading mid-fade saw a half-dark button
    // and reported its contrast now and then. Wait until no transition runs.
    await this.transitionsDone();
  }

  /** No finite animation or transition runs (spinners loop forever and are left alone). */
  async transitionsDone(): Promise<void> {
    await this.page.waitForFunction(() => (globalThis as any).document.getAnimations().every((a: any) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  }

  isDark() { return this.page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`); }

  mains() { return this.page.locator('main#content'); }
  allMains() { return this.page.locator('main, [role="main"]'); }
}

/** Tells a test what is wrong in one line per rule. */
export const describeViolations = (where: string, violations: AxeViolation[]): string =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.slice(0, 8).join(' | ')}`).join('\n');
