import type { Locator, Page } from 'playwright-core';

/** "My places" (/smart/places) and "Public places" (/smart/public-places): the map with leaflet-draw, the form, the list. */
export class PlacesPage {
  constructor(private readonly page: Page, private readonly baseUrl: string) {}

  async open(kind: 'mine' | 'public' = 'mine'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/smart/${kind === 'mine' ? 'places' : 'public-places'}`);
    await this.page.getByTestId(kind === 'mine' ? 'places-page' : 'public-places-page').waitFor();
    await this.map().locator('.leaflet-draw-toolbar').first().waitFor();
  }

  map(): Locator { return this.page.getByTestId('places-map'); }

  /** Zooms in with the map's own + button (areas are at most 2,000 km²: at Iran's zoom a few pixels are more). */
  async zoomIn(times: number): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.map().locator('.leaflet-control-zoom-in').click();
      await this.page.waitForTimeout(350);
    }
  }

  /** A point of the map box, in fractions of its width and height. */
  private async at(fx: number, fy: number): Promise<{ x: number; y: number }> {
    const box = (await this.map().boundingBox())!;
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  }

  async drawPolygon(points: [number, number][]): Promise<void> {
    await this.map().locator('.leaflet-draw-draw-polygon').click();
    for (const [fx, fy] of points) {
      const p = await this.at(fx, fy);
      await this.page.mouse.click(p.x, p.y);
      await this.page.waitForTimeout(120);
    }
    const first = await this.at(points[0]![0], points[0]![1]);
    await this.page.mouse.click(first.x, first.y);
  }

  /** Rectangle or circle: press, drag, release (the rectangle is what leaflet-draw 1.0.4's strict-mode bug broke). */
  async drag(tool: 'rectangle' | 'circle', from: [number, number], to: [number, number]): Promise<void> {
    await this.map().locator(`.leaflet-draw-draw-${tool}`).click();
    const a = await this.at(from[0], from[1]);
    const b = await this.at(to[0], to[1]);
    await this.page.mouse.move(a.x, a.y);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await this.page.mouse.move(b.x, b.y, { steps: 4 });
    await this.page.mouse.up();
  }

  areaState(): Locator { return this.page.getByTestId('place-area-state'); }

  async save(name: string, category?: string): Promise<void> {
    await this.page.getByTestId('place-name').fill(name);
    if (category) await this.page.getByTestId('place-category').selectOption(category);
    await this.page.getByTestId('place-save').click();
  }

  rows(): Locator { return this.page.getByTestId('place-row'); }
  row(name: string): Locator { return this.rows().filter({ hasText: name }); }
  formErrors(): Locator { return this.page.getByTestId('form-errors'); }
}
