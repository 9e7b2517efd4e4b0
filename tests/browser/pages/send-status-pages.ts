import type { Locator, Page } from 'playwright-core';

/** A send's status badge (outbox list row or detail page): the stored status, what is said, and a scheduled time. */
export class SendStatusBadgeControl {
  constructor(readonly root: Locator) {}

  /** The API's status (data-status), e.g. ErrorInSending. */
  stored(): Promise<string | null> { return this.root.getAttribute('data-status'); }
  /** What the badge says it is (data-display), e.g. Canceled. */
  shown(): Promise<string | null> { return this.root.getAttribute('data-display'); }
  /** The words on the badge, without the time or reason lines. */
  async label(): Promise<string> { return (await this.root.locator('span').first().innerText()).trim(); }
  /** The scheduled time as shown (Jalali with Persian digits in fa). */
  async at(): Promise<string> { return (await this.root.locator('time').innerText()).trim(); }

  async waitShown(display: string, timeoutMs = 30_000): Promise<void> {
    await this.root.and(this.root.page().locator(`[data-display="${display}"]`)).waitFor({ timeout: timeoutMs });
  }
}

type ProgressKey = 'delivered' | 'sent' | 'notDelivered' | 'failed' | 'canceled' | 'total';

/** The labelled progress of an outbox row: delivered, sent, not delivered, failed, canceled (when any), total. */
export class SendProgressControl {
  constructor(readonly root: Locator) {}

  item(key: ProgressKey): Locator { return this.root.getByTestId(`outbox-row-progress-${key}`); }
  async value(key: ProgressKey): Promise<number | null> {
    const item = this.item(key);
    return (await item.count()) ? Number(await item.getAttribute('data-value')) : null;
  }
  /** The word an item is named by (without its number). */
  async label(key: ProgressKey): Promise<string> { return (await this.item(key).locator('span').first().innerText()).trim(); }
  async text(): Promise<string> { return (await this.root.innerText()).replace(/\s+/g, ' ').trim(); }
}

/** The outbox detail page's status badge. */
export const detailStatus = (page: Page) => new SendStatusBadgeControl(page.getByTestId('outbox-status-badge'));

/**
 * A send's hand-out bar (outbox row `outbox-row-hand-out`, send page `outbox-progress`): its percent,
 * and while handing out the expected end and the time left, or "estimating…".
 */
export class HandOutControl {
  constructor(readonly root: Locator) {}

  bar(): Locator { return this.root.getByTestId(/-bar$/); }
  async percent(): Promise<number> { return Number(await this.root.getAttribute('data-percent')); }
  /** The percent and the bar's aria-valuenow read at one instant (two reads could straddle a push). */
  async percentAndBar(): Promise<[number, string | null]> {
    const [percent, bar] = await this.root.evaluate((el) => [el.getAttribute('data-percent'), el.querySelector('[data-testid$="-bar"]')?.getAttribute('aria-valuenow') ?? null]);
    return [Number(percent), bar];
  }
  async active(): Promise<boolean> { return (await this.root.getAttribute('data-active')) === 'true'; }
  async label(): Promise<string> { return (await this.root.getByTestId(/-label$/).innerText()).trim(); }
  estimate(): Locator { return this.root.getByTestId(/-estimate$/); }
  /**
   * The expected end as shown (the user's calendar and digits) and as the instant it shows (ISO),
   * and the time left, read at once: a push between two reads changes them (by minutes early on a
   * loaded machine). Null while the bar shows no estimate, or no bar is shown.
   */
  async reading(): Promise<{ shown: string; at: string; left: string } | null> {
    if ((await this.root.count()) === 0) return null;
    return this.root.evaluate((el: any) => {
      const end = el.querySelector('[data-testid$="-ends-at"]');
      const left = el.querySelector('[data-testid$="-left"]');
      return end && left ? { shown: end.innerText.trim(), at: end.getAttribute('datetime') ?? '', left: left.innerText.trim() } : null;
    });
  }

  /** Waits, without reloading, for a reading (see `reading`); null when the hand-out ended first. */
  async waitReading(timeoutMs = 20_000): Promise<{ shown: string; at: string; left: string } | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await this.reading();
      if (now) return now;
      if ((await this.root.count()) === 0 || !(await this.active())) return null;
      if (Date.now() > deadline) throw new Error('hand-out: no expected end shown');
      await this.root.page().waitForTimeout(200);
    }
  }

  /** Waits, without reloading, until the bar shows an expected end. */
  async waitEstimated(timeoutMs = 20_000): Promise<void> {
    await this.root.locator('[data-estimated="true"]').waitFor({ timeout: timeoutMs });
  }

  /** Waits, without reloading, until the percent is above `than`; answers it. */
  async waitAbove(than: number, timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await this.percent();
      if (now > than) return now;
      if (Date.now() > deadline) throw new Error(`hand-out: ${now}% never passed ${than}%`);
      await this.root.page().waitForTimeout(200);
    }
  }
}
