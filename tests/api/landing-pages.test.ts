import { expect } from 'chai';
import type { ApiClient, ApiResponse } from '../support/api-client.js';
import { createTree, sharedApi, sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok } from '../support/envelope.js';
import { solidPng } from '../support/document-images.js';
import { tehranDayOf } from '../../server/shared/dates/tehran-days.js';

/**
 * Landing pages (issue 28, engage CONTEXT.md "Landing pages"): built in the panel under
 * Services.Use and the tenant's slice of the tree, published under the organization's public
 * name, read without sign-in through `LandingPages/GetOrganizationLandingPage/...`; whatever is not
 * published answers the same 404; each block type is judged on its own field; a view counts a visit.
 */
describe('Landing pages: builder, publishing, public page, visits', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let tree: Tree;
  let baseUrl: string;
  let address: string;

  const upload = async (token: string, bytes: Buffer, fileName: string): Promise<ApiResponse> => {
    const url = new URL('/api/LandingPages/UploadImage', baseUrl);
    url.searchParams.set('fileName', fileName);
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    return { status: res.status, body: JSON.parse(await res.text()), headers: res.headers };
  };
  /** Without a token, as a visitor's browser asks. */
  const visit = (path: string) => api.get(`LandingPages/GetOrganizationLandingPage/${path}`);

  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
    baseUrl = (await sharedServer()).url;
    address = unique('shop-').toLowerCase();
  });

  it('creates a page with every block type, publishes it under the public name, and serves it without sign-in', async () => {
    const token = tree.subAdmin.token;
    const image = ok(await upload(token, solidPng(6, 4, [10, 120, 200]), 'hero.png'));
    expect(image).to.include({ width: 6, height: 4 });
    const form = ok(await api.post('Forms/Create', { title: 'Join us' }, { token }));
    const blocks = [
      { type: 'heading', text: '  جشنواره پاییزه  ', level: 1 },
      { type: 'text', text: 'تخفیف ویژه اعضای باشگاه' },
      { type: 'image', imageKey: image.key, alt: 'بنر' },
      { type: 'button', label: 'خرید', url: 'https://shop.example.com/autumn' },
      { type: 'form', formId: form.id, label: 'عضویت' },
    ];
    const page = ok(await api.post('LandingPages/Create', { title: 'Autumn', slug: 'Autumn-Sale', language: 'fa', theme: 'purple', blocks }, { token }));
    expect(page).to.include({ title: 'Autumn', slug: 'autumn-sale', language: 'fa', theme: 'purple', isPublished: false, organizationId: tree.sub.id, organizationName: null, publicPath: null, blockCount: 5 });
    expect(page.blocks[0]).to.deep.equal({ type: 'heading', text: 'جشنواره پاییزه', level: 1 });

    // Unpublished: the public path answers 404, and so does its image.
    bad(await visit(`${address}/autumn-sale`), 404);
    // No public name yet: publishing is refused on its field, in both languages.
    const refused = bad(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: true }, { token }), 400, 'isPublished');
    expect(refused.validationErrors![0].message).to.match(/public name/);
    const fa = bad(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: true }, { token, culture: 'fa-IR' }), 400, 'isPublished');
    expect(fa.validationErrors![0].message).to.match(/نام عمومی/);

    expect(ok(await api.get('LandingPages/GetAddress', { token }))).to.deep.equal({ organizationId: tree.sub.id, organizationName: null });
    expect(ok(await api.post('LandingPages/SetAddress', { organizationName: address }, { token }))).to.deep.equal({ organizationId: tree.sub.id, organizationName: address });
    // Another organization cannot take the same name (any case is the same name).
    bad(await api.post('LandingPages/SetAddress', { organizationName: address }, { token: tree.otherAdmin.token }), 400, 'organizationName');
    bad(await api.post('LandingPages/SetAddress', { organizationName: 'Not A Name' }, { token }), 400, 'organizationName');

    const published = ok(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: true }, { token }));
    expect(published).to.include({ isPublished: true, organizationName: address, publicPath: `/landing-page/${address}/autumn-sale` });
    expect(published.publishedAt).to.be.a('string');

    const shown = ok(await visit(`${address}/autumn-sale`));
    expect(shown).to.include({ title: 'Autumn', language: 'fa', theme: 'purple', organizationName: address, slug: 'autumn-sale' });
    expect(shown).to.not.have.property('id');
    expect(shown.blocks.map((b: any) => b.type)).to.deep.equal(['heading', 'text', 'image', 'button', 'form']);
    expect(shown.blocks[2].url).to.equal(`LandingPages/Image/${image.key}`);
    // The organization's address alone is its oldest published page; the name in any case.
    expect(ok(await visit(address.toUpperCase())).slug).to.equal('autumn-sale');

    const served = await fetch(new URL(`/api/${shown.blocks[2].url}`, baseUrl));
    expect(served.status).to.equal(200);
    expect(served.headers.get('content-type')).to.match(/^image\/png/);

    // Withdrawn: page and image are gone for visitors, the same 404 as a name nobody has.
    ok(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: false }, { token }));
    const gone = bad(await visit(`${address}/autumn-sale`), 404);
    const nobody = bad(await visit(`${unique('nobody-')}/autumn-sale`), 404);
    expect(gone.message).to.equal(nobody.message);
    bad(await visit(address), 404);
    // Whatever the path holds, a visitor gets the same 404 (never a 400 the client would show).
    expect(bad(await visit(`${'x'.repeat(300)}/autumn-sale`), 404).message).to.equal(nobody.message);
    expect(bad(await visit(`${address}/${'y'.repeat(300)}`), 404).message).to.equal(nobody.message);
    expect(bad(await visit(`${encodeURIComponent('فروشگاه')}/${encodeURIComponent('حراج!')}`), 404).message).to.equal(nobody.message);
    expect((await fetch(new URL(`/api/${shown.blocks[2].url}`, baseUrl))).status).to.equal(404);
    expect((await fetch(new URL('/api/LandingPages/Image/not-a-key', baseUrl))).status).to.equal(404);
    expect((await fetch(new URL(`/api/LandingPages/Image/${'k'.repeat(500)}`, baseUrl))).status).to.equal(404);
  });

  it('counts each public view once per visit on the Tehran day, zero-filled per day', async () => {
    const token = tree.subAdmin.token;
    ok(await api.post('LandingPages/SetAddress', { organizationName: address }, { token }));
    const page = ok(await api.post('LandingPages/Create', { title: 'Counted', slug: unique('counted-').toLowerCase(), blocks: [{ type: 'text', text: 'Hello' }], language: 'en', theme: 'blue' }, { token }));
    ok(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: true }, { token }));
    for (let i = 0; i < 3; i++) ok(await visit(`${address}/${page.slug}`));
    const visits = ok(await api.get(`LandingPages/GetVisits/${page.id}?days=7`, { token }));
    expect(visits.days).to.have.length(7);
    expect(visits.days[6]).to.deep.equal({ day: tehranDayOf(new Date()), visits: 3 });
    expect(visits.total).to.equal(3);
    expect(visits.days.slice(0, 6).every((d: any) => d.visits === 0)).to.equal(true);
    // A refused view (unpublished) counts nothing.
    ok(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: false }, { token }));
    bad(await visit(`${address}/${page.slug}`), 404);
    expect(ok(await api.get(`LandingPages/GetVisits/${page.id}`, { token })).total).to.equal(3);
  });

  it('keeps pages inside the tenant: the parent sees them, another tree gets the same 404 as a missing page', async () => {
    const page = ok(await api.post('LandingPages/Create', { title: 'Mine', slug: unique('mine-').toLowerCase() }, { token: tree.subAdmin.token }));
    expect(ok(await api.get('LandingPages/GetAll?pageSize=500', { token: tree.orgAdmin.token })).items.map((p: any) => p.id)).to.include(page.id);
    expect(ok(await api.get(`LandingPages/Get/${page.id}`, { token: tree.orgAdmin.token })).title).to.equal('Mine');
    const other = tree.otherAdmin.token;
    expect(ok(await api.get('LandingPages/GetAll?pageSize=500', { token: other })).items.map((p: any) => p.id)).to.not.include(page.id);
    const foreign = bad(await api.get(`LandingPages/Get/${page.id}`, { token: other }), 404);
    const missing = bad(await api.get('LandingPages/Get/2147483000', { token: other }), 404);
    expect(foreign.message).to.equal(missing.message);
    bad(await api.post('LandingPages/Update', { id: page.id, title: 'Taken over', slug: 'x' }, { token: other }), 404);
    bad(await api.post('LandingPages/ChangeStatus', { id: page.id, isPublished: true }, { token: other }), 404);
    bad(await api.delete(`LandingPages/Delete/${page.id}`, { token: other }), 404);
    bad(await api.get(`LandingPages/GetVisits/${page.id}`, { token: other }), 404);
    // An image of another organization cannot be put on a page.
    const foreignImage = ok(await upload(other, solidPng(2, 2, [0, 0, 0]), 'x.png'));
    bad(await api.post('LandingPages/Update', { id: page.id, title: 'Mine', slug: page.slug, blocks: [{ type: 'image', imageKey: foreignImage.key }] }, { token: tree.subAdmin.token }), 400, 'blocks[0].imageKey');
    // Paged, searchable.
    expect(ok(await api.get('LandingPages/GetAll?pageSize=1&pageIndex=0', { token: tree.subAdmin.token })).items).to.have.length(1);
    expect(ok(await api.get(`LandingPages/GetAll?search=${page.slug}`, { token: tree.subAdmin.token })).items.map((p: any) => p.id)).to.deep.equal([page.id]);
    // Deleted: gone from the list and from Get.
    ok(await api.delete(`LandingPages/Delete/${page.id}`, { token: tree.subAdmin.token }));
    bad(await api.get(`LandingPages/Get/${page.id}`, { token: tree.subAdmin.token }), 404);
    // Without a session nothing of the builder answers.
    bad(await api.get('LandingPages/GetAll'), 401);
  });

  it('answers every problem of every block type on its own field, in Persian and English', async () => {
    const token = tree.subAdmin.token;
    const fields = (res: ApiResponse) => (res.body.validationErrors as { propertyName: string }[]).map((v) => v.propertyName);
    const res = await api.post('LandingPages/Create', {
      title: 'Bad', slug: unique('bad-').toLowerCase(), blocks: [
        { type: 'heading', text: 'H', level: 4 },
        { type: 'text' },
        { type: 'image', imageKey: 'not-a-uuid' },
        { type: 'button', label: 'Go', url: 'javascript:alert(1)' },
        { type: 'form', formId: 0, label: 'F' },
        { type: 'video', src: 'x' },
        { type: 'heading', text: 'H', level: 1, color: 'red' },
      ],
    }, { token });
    bad(res, 400);
    expect(fields(res)).to.include.members(['blocks[0].level', 'blocks[1].text', 'blocks[2].imageKey', 'blocks[3].url', 'blocks[4].formId', 'blocks[5].type', 'blocks[6].color']);
    // What the schema lets through is judged by the service, still each on its field.
    const judged = await api.post('LandingPages/Create', {
      title: '   ', slug: unique('judged-').toLowerCase(), blocks: [
        { type: 'heading', text: '  ', level: 2 },
        { type: 'button', label: ' ', url: 'https://' },
        { type: 'form', formId: 3, label: '' },
        { type: 'image', imageKey: '00000000-0000-4000-8000-000000000000' },
      ],
    }, { token, culture: 'fa-IR' });
    bad(judged, 400);
    // A form block names a form of the page's own organization (3 is none of theirs).
    expect(fields(judged)).to.have.members(['title', 'blocks[0].text', 'blocks[1].label', 'blocks[1].url', 'blocks[2].label', 'blocks[2].formId', 'blocks[3].imageKey']);
    const foreignForm = ok(await api.post('Forms/Create', { title: 'Theirs' }, { token: tree.otherAdmin.token }));
    bad(await api.post('LandingPages/Create', { title: 'F', slug: unique('foreign-').toLowerCase(), blocks: [{ type: 'form', formId: foreignForm.id, label: 'Go' }] }, { token }), 400, 'blocks[0].formId');
    expect(judged.body.validationErrors!.find((v: any) => v.propertyName === 'blocks[1].url')!.message).to.match(/http/);
    // Page fields: slug shape, theme and language from their lists, a slug per organization once.
    const page = await api.post('LandingPages/Create', { title: 'T', slug: 'Not a slug!', theme: 'black', language: 'de' }, { token });
    bad(page, 400);
    expect(fields(page)).to.include.members(['slug', 'theme', 'language']);
    const slug = unique('twice-').toLowerCase();
    ok(await api.post('LandingPages/Create', { title: 'One', slug }, { token }));
    bad(await api.post('LandingPages/Create', { title: 'Two', slug: slug.toUpperCase() }, { token }), 400, 'slug');
    // Another organization may use the same slug under its own name.
    ok(await api.post('LandingPages/Create', { title: 'Elsewhere', slug }, { token: tree.otherAdmin.token }));
  });
});
