import { expect } from 'chai';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { available, bad, ok, standaloneLine, standaloneSender, fundedCustomer, waitForSend } from '../support/sending.js';
import { USER_PASSWORD } from '../support/fixtures.js';
import { countParts } from '../../server/shared/sms/sms-text.js';
import { ShortLinksService } from '../../server/modules/engage/index.js';
import { ShortLinkRedirect } from '../../server/modules/engage/short-links/short-link-redirect.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

/**
 * Short links (issue 28): made by hand and in sends (one per send, or personal per receiver), the
 * redirect (302 to the main address, a plain 404 for an unknown code, `sl=<code>` on a personal
 * link to the panel's own public pages), clicks with device and receiver on the link, the send's
 * clicks in the outbox and the dashboard, the organization's isAllowLink, exact parts and price of
 * personal texts, and tenancy. Its own server: the redirect's journal is drained by the test.
 */
describe('Short links: links, redirect, clicks and personal links in sends', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let token: string;
  let organizationId: number;
  let lineId: number;
  let other: string;

  const follow = (url: string, ua = DESKTOP) => fetch(url, { redirect: 'manual', headers: { 'user-agent': ua } });
  const drain = () => server.peyk.container.get(ShortLinkRedirect).drain();

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server.url);
    const sender = await standaloneSender(api, 'Links A');
    ({ admin, token, organizationId } = sender);
    lineId = (await standaloneLine(api, admin, '30007733', { deliveryDelayMs: 10 }, { organizationId, isSendSingle: true })).lineId;
    const b = await fundedCustomer(api, admin, 'LinksB', 'Bee');
    other = ok(await api.post('Account/Login', { userName: b.user.userName, password: USER_PASSWORD })).accessToken;
  });

  after(async () => {
    await server?.stop();
  });

  it('makes a link by hand, redirects with 302, counts each click with its device, and answers 404 for an unknown code', async () => {
    const link = ok(await api.post('ShortLinks/Create', { mainUrl: 'https://example.com/spring?ref=sms', title: 'Spring' }, { token }));
    expect(link.urlType).to.equal('Public');
    expect(link.shortUrl).to.equal(`${server.url}/l/${link.code}`);
    expect(link.code).to.match(/^[0-9A-Za-z]{8}$/);
    const first = await follow(link.shortUrl, IPHONE);
    expect(first.status).to.equal(302);
    expect(first.headers.get('location')).to.equal('https://example.com/spring?ref=sms');
    expect(first.headers.get('cache-control')).to.equal('no-store');
    expect((await follow(`${link.shortUrl}?utm=x`)).status).to.equal(302);
    const unknown = await follow(`${server.url}/l/zzzzzzzz`);
    expect(unknown.status).to.equal(404);
    expect(await unknown.text()).to.equal('Not found');
    expect((await follow(`${server.url}/l/bad`)).status).to.equal(404);
    await drain();
    const detail = ok(await api.get(`ShortLinks/Get/${link.id}`, { token }));
    expect(detail.clicks).to.equal(2);
    expect(detail.summary.totalClicks).to.equal(2);
    expect(detail.summary.byDevice).to.deep.equal([{ device: 'Desktop', clicks: 1 }, { device: 'Mobile', clicks: 1 }]);
    expect(detail.summary.byDay).to.have.length(1);
    const page = ok(await api.get('ShortLinks/GetAll?pageSize=10', { token }));
    expect(page.items.map((i: any) => i.id)).to.include(link.id);
  });

  it('answers a bad main address on its field in both languages, and hides another organization\'s link', async () => {
    const en = bad(await api.post('ShortLinks/Create', { mainUrl: 'javascript:alert(1)' }, { token }), 400, 'mainUrl');
    expect(en.validationErrors![0].message).to.match(/full http or https address/);
    const fa = bad(await api.post('ShortLinks/Create', { mainUrl: '' }, { token, culture: 'fa-IR' }), 400, 'mainUrl');
    expect(fa.validationErrors![0].message).to.equal('نشانی اصلی را وارد کنید.');
    const link = ok(await api.post('ShortLinks/Create', { mainUrl: 'https://example.com/mine' }, { token }));
    bad(await api.get(`ShortLinks/Get/${link.id}`, { token: other }), 404);
    bad(await api.delete(`ShortLinks/Delete/${link.id}`, { token: other }), 404);
    ok(await api.delete(`ShortLinks/Delete/${link.id}`, { token }));
    expect((await follow(link.shortUrl)).status).to.equal(404);
  });

  it('refuses links without the organization\'s isAllowLink, shortened or not', async () => {
    const body = { senderNumberId: lineId, smsBody: 'Offer https://shop.example.com/a', sendType: 'Bulk', receivers: ['09121110001'], shortLinkMode: 'PerReceiver' };
    const res = await api.post('ScheduledMessages/Create', body, { token });
    bad(res, 400);
    expect(res.body.data?.failureCode).to.equal('LinkIsNotAllowed');
  });

  it('sends a personal link per receiver: each text its own code, parts and price exact, clicks attributed to the receiver', async () => {
    ok(await api.post('Organizations/Update', { id: organizationId, isAllowLink: true }, { token: admin }));
    const longUrl = `https://shop.example.com/offer/${'x'.repeat(150)}`;
    const smsBody = `Spring sale: ${longUrl} until Friday`;
    expect(countParts(smsBody).parts).to.equal(2);
    const receivers = ['09121110001', '09121110002', '09121110003'];
    const body = { senderNumberId: lineId, smsBody, sendType: 'Bulk', receivers, shortLinkMode: 'PerReceiver' };
    const expectedText = `Spring sale: ${server.url}/l/XXXXXXXX until Friday`;
    const parts = countParts(expectedText).parts;
    expect(parts).to.equal(1);
    const preview = ok(await api.post('ScheduledMessages/GetScheduledMessageCalculations', body, { token }));
    expect(preview.smsParts).to.equal(parts);
    // The flat tariff of standaloneSender: 100 rials a part.
    expect(preview.sendPrice).to.equal(String(3 * parts * 100));
    const before = await available(api, admin, organizationId);
    const created = ok(await api.post('ScheduledMessages/Create', body, { token }));
    const send = await waitForSend(api, token, created.id);
    expect(send.sendPrice).to.equal(String(3 * parts * 100));
    expect(send.totalPrice).to.equal(preview.totalPrice);
    // Money: every receiver delivered, so the organization paid exactly the send's total, nothing left held.
    const after = await available(api, admin, organizationId);
    expect(before.balance - after.balance).to.equal(BigInt(send.totalPrice));
    expect(after.held).to.equal(before.held);
    expect(ok(await api.get('Ledger/Verify', { token: admin })).mismatches).to.deep.equal([]);
    const recipients = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=10`, { token })).items;
    const codes = recipients.map((r: any) => {
      const m = /\/l\/([0-9A-Za-z]{8}) until Friday$/.exec(r.smsText);
      expect(m, r.smsText).to.not.equal(null);
      expect(r.smsParts).to.equal(parts);
      return { to: r.toNumber, code: (m as RegExpExecArray)[1] };
    });
    expect(new Set(codes.map((c: any) => c.code)).size).to.equal(3);
    const second = codes.find((c: any) => c.to.endsWith('9121110002'));
    const links = server.peyk.container.get(ShortLinksService);
    expect(await links.receiverForCode(second.code)).to.deep.equal({ organizationId, sendId: created.id, receiver: second.to });
    const res = await follow(`${server.url}/l/${second.code}`, IPHONE);
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal(longUrl);
    await follow(`${server.url}/l/${second.code}`, DESKTOP);
    await drain();
    const clicks = ok(await api.get(`ShortLinks/GetSendClicks?sendId=${created.id}`, { token }));
    expect(clicks.personalLinks).to.equal(3);
    expect(clicks.summary.totalClicks).to.equal(2);
    expect(clicks.summary.uniqueReceivers).to.equal(1);
    expect(clicks.items.map((c: any) => [c.receiver, c.device])).to.deep.equal([[second.to, 'Desktop'], [second.to, 'Mobile']]);
    bad(await api.get(`ShortLinks/GetSendClicks?sendId=${created.id}`, { token: other }), 404);
    const dashboard = ok(await api.get('ShortLinks/GetDashboard', { token }));
    expect(dashboard.todayClicks).to.be.at.least(4);
  });

  it('one short link per send: the same code for every receiver, a Public link of the send', async () => {
    const body = { senderNumberId: lineId, smsBody: 'See www.example.org/menu today', sendType: 'Bulk', receivers: ['09121110004', '09121110005'], shortLinkMode: 'PerSend' };
    const created = ok(await api.post('ScheduledMessages/Create', body, { token }));
    expect(created.smsText).to.match(new RegExp(`^See ${server.url.replace(/[.:/]/g, '\\$&')}/l/[0-9A-Za-z]{8} today$`));
    const code = /\/l\/([0-9A-Za-z]{8})/.exec(created.smsText)![1];
    const res = await follow(`${server.url}/l/${code}`);
    expect(res.headers.get('location')).to.equal('https://www.example.org/menu');
    const links = ok(await api.get(`ShortLinks/GetAll?sendId=${created.id}`, { token }));
    expect(links.items.map((l: any) => [l.code, l.urlType, l.sendId])).to.deep.equal([[code, 'Public', created.id]]);
    bad(await api.delete(`ShortLinks/Delete/${links.items[0].id}`, { token }), 400);
  });

  it('a personal link to the panel\'s own public page carries sl=<code>; a periodic send and a text without a link are refused on shortLinkMode', async () => {
    const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: `Tell us: ${server.url}/online-survey/7`, sendType: 'Bulk', receivers: ['09121110006', '09121110007'], shortLinkMode: 'PerReceiver' }, { token }));
    const recipients = ok(await api.get(`OutBox/GetRecipients?id=${created.id}&pageSize=10`, { token })).items;
    const code = /\/l\/([0-9A-Za-z]{8})$/.exec(recipients[0].smsText)![1];
    const res = await follow(`${server.url}/l/${code}`);
    expect(res.headers.get('location')).to.equal(`${server.url}/online-survey/7?sl=${code}`);
    const none = await api.post('ScheduledMessages/Create', { senderNumberId: lineId, smsBody: 'No link here', sendType: 'Bulk', receivers: ['09121110008'], shortLinkMode: 'PerSend' }, { token });
    bad(none, 400, 'shortLinkMode');
    const periodic = await api.post('ScheduledMessages/Create', {
      senderNumberId: lineId, smsBody: 'Weekly https://example.com/w', sendType: 'Bulk', receivers: ['09121110008'], shortLinkMode: 'PerSend', typeSend: 'periodic', periodType: 'Daily', sendHour: 10,
    }, { token });
    bad(periodic, 400, 'shortLinkMode');
  });

  it('a single send with a personal link: the send\'s own text carries the receiver\'s code', async () => {
    const sent = ok(await api.post('ScheduledMessages/CreateFastScheduledMessage', { senderNumberId: lineId, mobile: '09121110009', smsBody: 'Your ticket https://example.com/t/1', shortLinkMode: 'PerReceiver' }, { token }));
    const code = /\/l\/([0-9A-Za-z]{8})$/.exec(sent.smsText)![1];
    const who = await server.peyk.container.get(ShortLinksService).receiverForCode(code);
    expect(who?.receiver).to.equal('989121110009');
    expect(who?.sendId).to.equal(sent.id);
  });
});
