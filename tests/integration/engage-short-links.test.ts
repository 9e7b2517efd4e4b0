import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';
import { ShortLinksRepository } from '../../server/modules/engage/short-links/short-links.repository.js';
import { SHORT_CODE_LENGTH, isShortCode } from '../../server/modules/engage/short-links/short-link-codes.js';

/**
 * Short links' store (issue 28, the contract with the public pages): codes are unique and of one
 * length, and receiverForCode answers a personal code's organization, send and receiver, a public
 * code's organization only, and null for an unknown, malformed or deleted code. Runs on the
 * backend the environment names (PostgreSQL with DATABASE_URL, the embedded one without).
 */
describe('Short links: codes and receiverForCode', function () {
  this.timeout(120_000);
  let server: TestServer;
  let links: ShortLinksService;
  let organizationId: number;

  before(async () => {
    server = await startTestServer();
    links = server.peyk.container.get(ShortLinksService);
    organizationId = Number((await server.peyk.database.knex('organizations').orderBy('id').first('id')).id);
  });

  after(async () => {
    await server?.stop();
  });

  it('stores every link with its own fixed-length code and answers who a personal code was sent to', async () => {
    const rows = await links.createLinks(null, [
      { mainUrl: 'https://example.com/a', urlType: 'Personal', organizationId, userId: null, sendId: 501, receiver: '989121110001' },
      { mainUrl: 'https://example.com/a', urlType: 'Personal', organizationId, userId: null, sendId: 501, receiver: '989121110002' },
      { mainUrl: 'https://example.com/b', urlType: 'Public', organizationId, userId: null, sendId: 501, receiver: null },
    ]);
    expect(rows).to.have.length(3);
    expect(new Set(rows.map((r) => r.code)).size).to.equal(3);
    for (const r of rows) {
      expect(r.code).to.have.length(SHORT_CODE_LENGTH);
      expect(isShortCode(r.code)).to.equal(true);
    }
    expect(rows.map((r) => r.receiver)).to.deep.equal(['989121110001', '989121110002', null]);
    expect(await links.receiverForCode(rows[1].code)).to.deep.equal({ organizationId, sendId: 501, receiver: '989121110002' });
    expect(await links.receiverForCode(rows[2].code)).to.deep.equal({ organizationId, sendId: 501, receiver: null });
  });

  it('answers null for an unknown, malformed or deleted code', async () => {
    expect(await links.receiverForCode('zzzzzzzz')).to.equal(null);
    expect(await links.receiverForCode("x' or 1=1")).to.equal(null);
    expect(await links.receiverForCode('')).to.equal(null);
    const [row] = await links.createLinks(null, [{ mainUrl: 'https://example.com/c', urlType: 'Public', organizationId, userId: null, sendId: null, receiver: null }]);
    expect(await links.receiverForCode(row.code)).to.deep.equal({ organizationId, sendId: null, receiver: null });
    await server.peyk.database.knex('short_links').where({ id: row.id }).update({ deletedAt: new Date() });
    expect(await links.receiverForCode(row.code)).to.equal(null);
  });

  it('skips a row whose code is already taken (the service then draws again), so a collision never fails a whole send', async () => {
    const [first] = await links.createLinks(null, [{ mainUrl: 'https://example.com/d', urlType: 'Public', organizationId, userId: null, sendId: null, receiver: null }]);
    const repo = server.peyk.container.get(ShortLinksRepository);
    const stored = await repo.insertMany(null, [
      { code: first.code, mainUrl: 'https://example.com/e', urlType: 'Public', organizationId, userId: null, sendId: null, receiver: null },
      { code: 'Zz000001', mainUrl: 'https://example.com/f', urlType: 'Public', organizationId, userId: null, sendId: null, receiver: null },
    ]);
    expect(stored.map((r) => r.code)).to.deep.equal(['Zz000001']);
    expect((await links.byCode(first.code))?.mainUrl).to.equal('https://example.com/d');
  });
});
