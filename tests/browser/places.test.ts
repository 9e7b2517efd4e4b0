import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { onSharedBrowser } from '../support/browser.js';
import { ADMIN_PASSWORD, adminToken, unique } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { PanelSignIn } from './pages/panel-sign-in.js';
import { PlacesPage } from './pages/places-pages.js';
import { AccessibilityCheck, describeViolations } from './pages/accessibility-pages.js';

describe('browser: places on the map (leaflet-draw)', function () {
  this.timeout(180_000);
  let browser: Browser;
  let baseUrl: string;
  let api: ApiClient;

  onSharedBrowser((shared) => ({ browser, baseUrl, api } = shared));

  it('draws a polygon, a rectangle and a circle, saves each, and sees them after a reload; the map is LTR on the Persian page with the shipped province boundaries', async () => {
    await adminToken(api);
    const errors: string[] = [];
    const page = await browser.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const places = new PlacesPage(page, baseUrl);
    await places.open();
    expect(await places.map().getAttribute('dir')).to.equal('ltr');
    await page.locator('[data-testid="places-map"][data-base="provinces"]').waitFor();
    expect(await places.map().locator('path.leaflet-interactive').count()).to.be.greaterThan(30);

    // Nothing drawn: the spec's message.
    await places.save(unique('هیچ '));
    expect(await places.formErrors().innerText()).to.contain('لطفا یک چندضلعی انتخاب کنید.');

    await places.zoomIn(5);
    const polygon = unique('چندضلعی ');
    await places.drawPolygon([[0.45, 0.45], [0.55, 0.45], [0.55, 0.55], [0.45, 0.55]]);
    await page.locator('[data-testid="place-area-state"][data-type="Polygon"]').waitFor();
    await places.save(polygon);
    await places.row(polygon).waitFor();

    const rectangle = unique('مستطیل ');
    await places.drag('rectangle', [0.3, 0.3], [0.4, 0.4]);
    await page.locator('[data-testid="place-area-state"][data-type="Rectangle"]').waitFor();
    await places.save(rectangle);
    await places.row(rectangle).waitFor();

    const circle = unique('دایره ');
    await places.drag('circle', [0.6, 0.6], [0.63, 0.62]);
    await page.locator('[data-testid="place-area-state"][data-type="Circle"]').waitFor();
    await places.save(circle);
    await places.row(circle).waitFor();

    await page.reload();
    await places.row(polygon).waitFor();
    expect(await places.row(polygon).getAttribute('data-type')).to.equal('Polygon');
    expect(await places.row(rectangle).getAttribute('data-type')).to.equal('Rectangle');
    expect(await places.row(circle).getAttribute('data-type')).to.equal('Circle');
    // Saved places are drawn on the map as overlays (3 shapes besides the 31 provinces).
    expect(await places.map().locator('path.leaflet-interactive').count()).to.be.greaterThan(33);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('the map pages have no serious accessibility violation', async () => {
    // bypassCSP: the panel's policy (script-src 'self') would refuse axe-core's injected script.
    const context = await browser.newContext({ locale: 'fa-IR', bypassCSP: true });
    const page = await context.newPage();
    await new PanelSignIn(page, baseUrl).signIn('admin', ADMIN_PASSWORD);
    const check = new AccessibilityCheck(page);
    const found: string[] = [];
    for (const target of [
      { name: 'my places', path: '/smart/places', testId: 'places-page' },
      { name: 'public places', path: '/smart/public-places', testId: 'public-places-page' },
      { name: 'smart requests', path: '/smart/requests', testId: 'smart-requests-page' },
    ]) {
      await check.open(baseUrl, target);
      await page.locator('.leaflet-draw-toolbar').first().waitFor();
      found.push(describeViolations(target.name, await check.seriousViolations()));
    }
    expect(found.filter(Boolean).join('\n')).to.equal('');
    await context.close();
  });
});
