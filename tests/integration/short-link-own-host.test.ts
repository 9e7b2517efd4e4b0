import { expect } from 'chai';
import http from 'node:http';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';

/** GET with a chosen Host header (fetch may not set it). */
function get(url: string, host: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
  });
}

/**
 * PEYK_SHORT_LINK_BASE of its own host (issue 28): codes are served at `/<code>` for requests with
 * that Host header; the panel's own host keeps its pages at those paths, and `/l/<code>` works on
 * any host.
 */
describe('Short links on a short domain of their own', function () {
  this.timeout(120_000);
  let server: TestServer;
  let code: string;

  before(async () => {
    server = await startTestServer({ shortLinks: { base: 'http://s.example.test', fsync: false, drainMs: 1_000 } });
    const organizationId = Number((await server.peyk.database.knex('organizations').orderBy('id').first('id')).id);
    [{ code }] = await server.peyk.container.get(ShortLinksService).createLinks(null, [{ mainUrl: 'https://example.com/own', urlType: 'Public', organizationId, userId: null, sendId: null, receiver: null }]);
  });

  after(async () => {
    await server?.stop();
  });

  it('redirects /<code> on the short host, /l/<code> on any host, and leaves the panel host\'s paths to the panel', async () => {
    const own = await get(`${server.url}/${code}`, 's.example.test');
    expect(own.status).to.equal(302);
    expect(own.location).to.equal('https://example.com/own');
    expect((await get(`${server.url}/zzzzzzzz`, 's.example.test')).status).to.equal(404);
    expect((await get(`${server.url}/l/${code}`, 'panel.example.test')).status).to.equal(302);
    // The panel's host: `/<code>` is a panel path (its page), not a redirect.
    const panel = await get(`${server.url}/${code}`, 'panel.example.test');
    expect(panel.status).to.not.equal(302);
  });
});
