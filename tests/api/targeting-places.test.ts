import { expect } from 'chai';
import sinon from 'sinon';
import { TYPES } from '../../server/platform/tokens.js';
import type { SettingsService } from '../../server/platform/settings.service.js';
import type { ApiClient } from '../support/api-client.js';
import { adminToken, createTree, sharedApi, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';

/** Issue 26, map slice: personal places (the owner's alone), public places (system administrators write, everyone reads), geometry checks. */
describe('Targeting: places on the map (Places, PublicPlaces, Map)', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let admin: string;

  // Around Tehran's Azadi square: small, simple shapes.
  const square = { type: 'Polygon', coordinates: [[[51.33, 35.69], [51.35, 35.69], [51.35, 35.71], [51.33, 35.71], [51.33, 35.69]]] };
  const circle = { type: 'Circle', center: [51.3380, 35.6997], radiusMeters: 500 };
  const rectangle = { type: 'Rectangle', bbox: [51.40, 35.70, 51.42, 35.72] };

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    admin = await adminToken(api);
  });

  it('creates, lists, updates and soft-deletes a personal place; nobody else sees it', async () => {
    const owner = tree.orgAdmin.token;
    const name = unique('Office ');
    const created = ok(await api.post('Places/Create', { name, coordinates: square, cityName: 'تهران', provinceName: 'تهران' }, { token: owner }));
    expect(created).to.include({ name, geometryType: 'Polygon', isPublic: false, isActive: true, cityName: 'تهران', category: null });
    expect(created.coordinates).to.deep.equal(square);
    expect(created.areaSquareMeters).to.be.within(3_000_000, 8_000_000);

    const c = ok(await api.post('Places/Create', { name: unique('Circle '), coordinates: { ...circle, bbox: [1, 2, 3, 4] } }, { token: owner }));
    expect(c.coordinates).to.deep.equal(circle);
    const r = ok(await api.post('Places/Create', { name: unique('Rect '), coordinates: rectangle }, { token: owner }));
    expect(r.geometryType).to.equal('Rectangle');

    const mine = ok(await api.get('Places/GetAll', { token: owner })) as any[];
    expect(mine.map((p) => p.id)).to.include.members([created.id, c.id, r.id]);
    for (const other of [tree.subAdmin.token, tree.otherAdmin.token, tree.resellerAdmin.token]) {
      const theirs = ok(await api.get('Places/GetAll', { token: other })) as any[];
      expect(theirs.map((p) => p.id)).to.not.include(created.id);
      bad(await api.post('Places/Update', { id: created.id, name: 'x', coordinates: square }, { token: other }), 404);
      bad(await api.delete(`Places/Delete/${created.id}`, { token: other }), 404);
    }

    const updated = ok(await api.post('Places/Update', { id: created.id, name: `${name} 2`, coordinates: circle, isActive: false }, { token: owner }));
    expect(updated).to.include({ name: `${name} 2`, geometryType: 'Circle', isActive: false });
    expect((ok(await api.get('Places/GetAll?isActive=true', { token: owner })) as any[]).map((p) => p.id)).to.not.include(created.id);

    ok(await api.delete(`Places/Delete/${created.id}`, { token: owner }));
    expect((ok(await api.get('Places/GetAll', { token: owner })) as any[]).map((p) => p.id)).to.not.include(created.id);
    bad(await api.delete(`Places/Delete/${created.id}`, { token: owner }), 404);
  });

  it('refuses bad geometry with the spec\'s message on `coordinates`, never a 500', async () => {
    const token = tree.orgAdmin.token;
    const two = bad(await api.post('Places/Create?culture=en-US', { name: 'x', coordinates: { type: 'Polygon', coordinates: [[[51, 35], [51.1, 35], [51, 35]]] } }, { token }), 400, 'coordinates');
    expect(JSON.stringify(two)).to.contain('Please select a polygon.');
    const bowTie = { type: 'Polygon', coordinates: [[[51, 35], [51.1, 35.1], [51.1, 35], [51, 35.1], [51, 35]]] };
    expect(JSON.stringify(bad(await api.post('Places/Create?culture=en-US', { name: 'x', coordinates: bowTie }, { token }), 400, 'coordinates'))).to.contain('cross');
    // Larger than a smart request may cover (2,000 km²): a saved place is always sendable.
    const huge = { type: 'Polygon', coordinates: [[[51, 35], [51.6, 35], [51.6, 35.6], [51, 35.6]]] };
    expect(JSON.stringify(bad(await api.post('Places/Create?culture=en-US', { name: 'x', coordinates: huge }, { token }), 400, 'coordinates'))).to.contain('km²');
    bad(await api.post('Places/Create', { name: 'x', coordinates: { type: 'Circle', center: [51, 35], radiusMeters: 0 } }, { token }), 400, 'coordinates');
    bad(await api.post('Places/Create', { name: 'x', coordinates: { type: 'Rectangle', bbox: [52, 35, 51, 36] } }, { token }), 400, 'coordinates');
    bad(await api.post('Places/Create', { name: 'x', coordinates: { type: 'Polygon', coordinates: [[[200, 35], [51, 35], [51, 36]]] } }, { token }), 400, 'coordinates');
    bad(await api.post('Places/Create', { name: 'x', coordinates: { type: 'Hexagon' } }, { token }), 400, 'coordinates.type');
    bad(await api.post('Places/Create', { name: '  ', coordinates: square }, { token }), 400, 'name');
  });

  it('public places: system administrators write, everyone reads by category', async () => {
    const name = unique('Mosque ');
    for (const who of [tree.orgAdmin.token, tree.resellerAdmin.token]) {
      bad(await api.post('PublicPlaces/Create', { name, category: 'Mosques', coordinates: circle }, { token: who }), 403);
    }
    bad(await api.post('PublicPlaces/Create', { name, category: 'Casinos', coordinates: circle }, { token: admin }), 400, 'category');
    const mosque = ok(await api.post('PublicPlaces/Create', { name, category: 'Mosques', coordinates: circle }, { token: admin }));
    expect(mosque).to.include({ isPublic: true, category: 'Mosques', organizationId: null, userId: null });
    const seen = ok(await api.get('PublicPlaces/GetAll?category=Mosques', { token: tree.subUser.token })) as any[];
    expect(seen.map((p) => p.id)).to.include(mosque.id);
    expect((ok(await api.get('PublicPlaces/GetAll?category=Cinema', { token: tree.subUser.token })) as any[]).map((p) => p.id)).to.not.include(mosque.id);
    // A public place is not anyone's personal place.
    expect((ok(await api.get('Places/GetAll', { token: admin })) as any[]).map((p) => p.id)).to.not.include(mosque.id);
    bad(await api.delete(`PublicPlaces/Delete/${mosque.id}`, { token: tree.orgAdmin.token }), 403);
    ok(await api.post('PublicPlaces/Update', { id: mosque.id, name, category: 'BlessedTombs', coordinates: rectangle }, { token: admin }));
    ok(await api.delete(`PublicPlaces/Delete/${mosque.id}`, { token: admin }));
    expect((ok(await api.get('PublicPlaces/GetAll', { token: tree.subUser.token })) as any[]).map((p) => p.id)).to.not.include(mosque.id);
  });

  it('Map/GetSettings answers the MapTileUrl main setting (empty by default) and the area limit', async () => {
    const before = ok(await api.get('Map/GetSettings', { token: tree.subUser.token }));
    expect(before.maxAreaSquareMeters).to.equal(2_000_000_000);
    bad(await api.post('MainSettings/Update', { MapTileUrl: 'ftp://tiles/x.png' }, { token: admin }), 400, 'MapTileUrl');
    // All three placeholders; a protocol-relative '//host' is another host, not a path on this one.
    bad(await api.post('MainSettings/Update', { MapTileUrl: 'https://tiles.example.org/{z}/{x}.png' }, { token: admin }), 400, 'MapTileUrl');
    bad(await api.post('MainSettings/Update', { MapTileUrl: '//tiles.example.org/{z}/{x}/{y}.png' }, { token: admin }), 400, 'MapTileUrl');
    bad(await api.post('MainSettings/Update', { MapTileUrl: 'https://[bad/{z}/{x}/{y}.png' }, { token: admin }), 400, 'MapTileUrl');
    ok(await api.post('MainSettings/Update', { MapTileUrl: 'http://tiles.local/{z}/{x}/{y}.png' }, { token: admin }));
    try {
      expect(ok(await api.get('Map/GetSettings', { token: tree.subUser.token })).tileUrl).to.equal('http://tiles.local/{z}/{x}/{y}.png');
    } finally {
      ok(await api.post('MainSettings/Update', { MapTileUrl: before.tileUrl || null }, { token: admin }));
    }
  });

  it("the panel's CSP admits the MapTileUrl's origin in img-src once it is set, and not before", async () => {
    const base = (await sharedServer()).url;
    const imgSrc = async () => {
      const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
      return (csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src ')) ?? '').split(/\s+/);
    };
    const before = ok(await api.get('Map/GetSettings', { token: tree.subUser.token }));
    ok(await api.post('MainSettings/Update', { MapTileUrl: null }, { token: admin }));
    try {
      expect(await imgSrc()).to.include("'self'").and.not.include('https://tiles.example.org');
      ok(await api.post('MainSettings/Update', { MapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' }, { token: admin }));
      expect(await imgSrc()).to.include.members(["'self'", 'https://tiles.example.org']);
      // A same-origin path needs nothing more than 'self'.
      ok(await api.post('MainSettings/Update', { MapTileUrl: '/tiles/{z}/{x}/{y}.png' }, { token: admin }));
      expect(await imgSrc()).to.not.include('https://tiles.example.org');
    } finally {
      ok(await api.post('MainSettings/Update', { MapTileUrl: before.tileUrl || null }, { token: admin }));
    }
  });

  it("reads MapTileUrl for the page's CSP only (not for API or socket.io requests), and a failing read still serves the page with img-src 'self'", async () => {
    const server = await sharedServer();
    const settings = server.peyk.container.get<SettingsService>(TYPES.Settings);
    const original = settings.get.bind(settings);
    let tileReads = 0;
    let failing = false;
    const stub = sinon.stub(settings, 'get').callsFake(async (key, tx) => {
      if (key === 'MapTileUrl') {
        tileReads += 1;
        if (failing) throw new Error('database unreachable');
      }
      return original(key, tx);
    });
    const imgSrcOf = (res: Response) => ((res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim())
      .find((d) => d.startsWith('img-src ')) ?? '').split(/\s+/).filter(Boolean);
    try {
      ok(await api.get('Places/GetAll', { token: tree.orgAdmin.token }));
      await (await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`)).arrayBuffer();
      expect(tileReads, 'MapTileUrl reads for an API and a socket.io request').to.equal(0);

      const page = await fetch(`${server.url}/`);
      expect(page.status).to.equal(200);
      await page.text();
      expect(tileReads, 'MapTileUrl reads for the page').to.equal(1);

      failing = true;
      const served = await fetch(`${server.url}/smart/requests`);
      expect(tileReads).to.equal(2);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.match(/^text\/html/);
      expect(await served.text()).to.match(/<html/i);
      expect(imgSrcOf(served)).to.deep.equal(['img-src', "'self'", 'data:', 'blob:']);
    } finally {
      stub.restore();
    }
  });
});
