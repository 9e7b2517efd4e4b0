import { expect } from 'chai';
import { sharedServer } from '../support/fixtures.js';
import type { OpenApiDocument } from '../../server/platform/http/openapi.js';
import { SILENT_403, SILENT_404, isSilent403 } from '../../client/src/shared/api/error-catalogue.js';

/**
 * The client's silent-403 list (the spec's error catalogue) checked against the routes the server
 * really mounts: a pattern that matches no route silences nothing, and one that matches a change
 * hides a refusal the user must see.
 */
describe('Silent 403 list against the OpenAPI document', function () {
  this.timeout(60_000);
  let routes: { method: string; path: string }[];

  before(async () => {
    const server = await sharedServer();
    const doc = (await (await fetch(`${server.url}/api/docs/openapi.json`)).json()) as OpenApiDocument;
    routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
  });

  it('every pattern matches at least one route', () => {
    for (const pattern of SILENT_403) {
      expect(routes.some((r) => pattern.test(r.path)), String(pattern)).to.equal(true);
    }
  });

  it('silences only reads (GET), never a change', () => {
    const silenced = routes.filter((r) => isSilent403(r.path));
    expect(silenced.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).to.deep.equal([]);
  });

  it('silences the reads the spec names, each a real route', () => {
    const specReads = [
      '/Dashboard/GetInformationsForDashboard', // the dashboard
      '/OutBox/GetDailyStatistics', // OutBox daily statistics
      '/Organizations/GetOrganizationCreditForAdmin', // organization credit for admin
      '/Credits/GetMyCredit', // user credit
      '/SmartSmsRecipients/GetAll', // (active periodic) smart SMS requests
      '/PrivateNumbers/GetMyNumbers', // the current user's private numbers
      '/PublicPlaces/GetAll', // the category paths (Mosques, BlessedTombs, ...) are its `category`
    ];
    for (const path of specReads) {
      expect(routes.some((r) => r.method === 'GET' && r.path === path), `${path} is a GET route`).to.equal(true);
      expect(isSilent403(path), path).to.equal(true);
    }
  });

  it('shows the 403 of credit changes and of other reads', () => {
    for (const path of ['/Credits/IncreaseUserCredit', '/Credits/DecreaseUserCredit', '/Credits/ChargeOrganization', '/Credits/SetCreditLimit', '/Users/GetAll', '/Transactions/GetAll']) {
      expect(routes.some((r) => r.path === path), `${path} is a route`).to.equal(true);
      expect(isSilent403(path), path).to.equal(false);
    }
  });

  it('silences 404 only on the reads the spec names (the plan page, the public landing page and its images), each a real GET route', () => {
    for (const pattern of SILENT_404) {
      const matched = routes.filter((r) => pattern.test(r.path));
      expect(matched.length, String(pattern)).to.be.greaterThan(0);
      // The public survey's own calls (start, answer, back) are the one set of writes: its page shows 'survey not found'.
      if (!String(pattern).includes('OnlineSurvey')) expect(matched.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), String(pattern)).to.deep.equal([]);
    }
    const silent404 = (path: string) => SILENT_404.some((p) => p.test(path));
    for (const path of ['/LandingPages/Get/{id}', '/LandingPages/GetAll', '/LandingPages/GetVisits/{id}', '/OnlineSurvey/Get/{id}', '/OnlineSurvey/GetAll']) {
      expect(routes.some((r) => r.path === path), `${path} is a route`).to.equal(true);
      expect(silent404(path), path).to.equal(false);
    }
  });
});
