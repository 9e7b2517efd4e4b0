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
