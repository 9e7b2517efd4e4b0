import type { Locator, Page } from 'playwright-core';

/** Whether `target` lies wholly inside `container`'s visible box (a scrolled dialog body, say). */
export async function shownInside(container: Locator, target: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([container.boundingBox(), target.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

/** The test ids of the first-run checklist's steps, in the order the dashboard lists them. */
export async function checklistOrder(page: Page): Promise<string[]> {
  await page.getByTestId('first-run').waitFor();
  return page.getByTestId('first-run').locator('li[data-testid^="first-run-"]')
    .evaluateAll((items) => items.map((li) => (li.getAttribute('data-testid') ?? '').replace(/^first-run-/, '')));
}

/** The P2P page's rules box and its template link (/sending/p2p). */
export class P2PRulesPanel {
  constructor(private readonly page: Page) {}
  rules(): Locator { return this.page.getByTestId('p2p-rules'); }
  templateLink(): Locator { return this.rules().getByTestId('p2p-template-download'); }

  /** Follows the template link; the downloaded file's path. */
  async downloadTemplate(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.templateLink().click()]);
    const path = await download.path();
    if (!path) throw new Error('the template did not download');
    return path;
  }
}
