import type { Locator, Page } from 'playwright-core';

/** The smart request page (/smart/requests): the map and form, the estimate, the requests with live counts. */
export class SmartRequestsPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/smart/requests`);
    await this.page.getByTestId('smart-requests-page').waitFor();
    await this.map().locator('.leaflet-draw-toolbar').first().waitFor();
  }

  map(): Locator { return this.page.getByTestId('smart-map'); }

  async addPlace(name: string): Promise<void> {
    await this.page.getByTestId('smart-place-select').locator('option', { hasText: name }).waitFor({ state: 'attached' });
    await this.page.getByTestId('smart-place-select').selectOption({ label: name });
    await this.page.getByTestId('smart-place-add').click();
  }

  async clearAreas(): Promise<void> {
    await this.page.getByTestId('smart-areas-count').getByRole('button').click();
  }

  async drawPolygon(points: [number, number][]): Promise<void> {
    const box = (await this.map().boundingBox())!;
    const at = ([fx, fy]: [number, number]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    await this.map().locator('.leaflet-draw-draw-polygon').click();
    for (const p of [...points, points[0]!]) {
      const { x, y } = at(p);
      await this.page.mouse.click(x, y);
      await this.page.waitForTimeout(120);
    }
  }

  areasCount(): Locator { return this.page.getByTestId('smart-areas-count'); }

  async fill(fields: { name: string; operator: string; count: number; text: string }): Promise<void> {
    await this.page.getByTestId('smart-name').fill(fields.name);
    await this.page.getByTestId('smart-operator').selectOption(fields.operator);
    await this.page.getByTestId('smart-count').fill(String(fields.count));
    await this.page.getByTestId('smart-text').fill(fields.text);
  }

  async estimate(): Promise<Locator> {
    await this.page.getByTestId('smart-estimate-button').click();
    const box = this.page.getByTestId('smart-estimate');
    await box.or(this.page.getByTestId('form-errors')).first().waitFor();
    if (!(await box.isVisible())) throw new Error(`estimate refused: ${await this.page.getByTestId('form-errors').innerText()}`);
    return box;
  }

  async send(): Promise<void> { await this.page.getByTestId('smart-send').click(); }

  row(name: string): Locator { return this.page.getByTestId('smart-request-row').filter({ hasText: name }); }

  async showOnMap(name: string): Promise<Locator> {
    await this.row(name).getByTestId('smart-show').click();
    const detail = this.page.getByTestId('smart-request-detail');
    await detail.waitFor();
    return detail;
  }
}
