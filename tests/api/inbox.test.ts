import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { sharedServer, unique, type Tree } from '../support/fixtures.js';
import { bad, ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';

/** Polls the inbox until a message matches (or the time runs out). */
async function waitForInbox(api: ApiClient, token: string, match: (m: any) => boolean, timeoutMs = 20_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = ok(await api.get('Inbox/GetAll?pageSize=100', { token })).items.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('the inbound message did not reach the inbox');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Inbox: inbound messages from the gateway, visibility, read state, live push', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let line: { agentId: number; lineId: number; number: string };
  let message: any;
  const mobile = '09121239876';
  const normalized = '989121239876';

  const ids = (items: any[]) => items.map((m) => m.id);

  before(async () => {
    ({ api, superToken, tree } = await sendingTree());
    // A line owned by the sub-organization, so its inbound messages belong to that organization.
    line = await simulatorLine(api, { inboundEcho: true }, { organizationId: tree.sub.id });
  });

  it('an echoed reply arrives in the inbox of the line\'s organization, pushed live to its browsers', async () => {
    const server = await sharedServer();
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connect(server.url, { auth: { token: tree.subAdmin.token }, transports: ['websocket'], reconnection: false });
      s.once('connect', () => resolve(s));
      s.once('connect_error', (err) => { s.close(); reject(err); });
    });
    try {
      const pushed = new Promise<any>((resolve) => socket.on('inbox-message', (m: any) => { if (m.senderMobile === normalized) resolve(m); }));
      const created = ok(await api.post('ScheduledMessages/Create', { senderNumberId: line.lineId, smsBody: 'echo Hello from the inbox test', sendType: 'Bulk', receivers: [mobile] }, { token: tree.subAdmin.token }));
      await waitForSend(api, tree.subAdmin.token, created.id);
      message = await waitForInbox(api, tree.subAdmin.token, (m) => m.senderMobile === normalized);
      expect(message).to.include({
        receiverNumber: line.number, senderMobile: normalized, smsText: 'Hello from the inbox test', isRead: false, encoding: 'English', smsParts: 1,
        privateNumberId: line.lineId, organizationId: tree.sub.id, organizationName: tree.sub.name, inboxGroupName: null,
      });
      expect(new Date(message.dateTimeReceive).getTime()).to.be.closeTo(Date.now(), 60_000);
      const live = await pushed;
      expect(live).to.include({ id: message.id, smsText: 'Hello from the inbox test', receiverNumber: line.number });
    } finally {
      socket.close();
    }
  });

  it('filters by read state, line and search, newest first', async () => {
    const unread = ok(await api.get(`Inbox/GetAll?isRead=false&privateNumberId=${line.lineId}`, { token: tree.subAdmin.token }));
    expect(ids(unread.items)).to.include(message.id);
    expect(unread.totalCount).to.be.at.least(1);
    expect(ids(ok(await api.get('Inbox/GetAll?isRead=true', { token: tree.subAdmin.token })).items)).to.not.include(message.id);
    expect(ids(ok(await api.get('Inbox/GetAll?search=inbox%20test', { token: tree.subAdmin.token })).items)).to.include(message.id);
    expect(ids(ok(await api.get('Inbox/GetAll?search=nothing-like-this', { token: tree.subAdmin.token })).items)).to.not.include(message.id);
    bad(await api.get('Inbox/GetAll?search=ab', { token: tree.subAdmin.token }), 400, 'search');
  });

  it('the parent organization and the system administrators see it; another tree does not, nor can it mark it', async () => {
    expect(ids(ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.orgAdmin.token })).items)).to.include(message.id);
    expect(ids(ok(await api.get('Inbox/GetAll?pageSize=100', { token: superToken })).items)).to.include(message.id);
    const other = ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.otherAdmin.token }));
    expect(ids(other.items)).to.not.include(message.id);
    expect(ok(await api.post('Inbox/MarkAsRead', { ids: [message.id] }, { token: tree.otherAdmin.token })).updated).to.equal(0);
    expect(ok(await api.get(`Inbox/GetAll?isRead=false&privateNumberId=${line.lineId}`, { token: tree.subAdmin.token })).items.map((m: any) => m.id)).to.include(message.id);
  });

  it('MarkAsRead flips isRead and the unread count drops', async () => {
    const before = ok(await api.get('Inbox/UnreadCount', { token: tree.subAdmin.token })).unreadCount;
    expect(before).to.be.at.least(1);
    const marked = ok(await api.post('Inbox/MarkAsRead', { ids: [message.id] }, { token: tree.subAdmin.token }));
    expect(marked).to.include({ updated: 1, unreadCount: before - 1 });
    expect(ok(await api.get('Inbox/UnreadCount', { token: tree.subAdmin.token })).unreadCount).to.equal(before - 1);
    const row = (await waitForInbox(api, tree.subAdmin.token, (m) => m.id === message.id));
    expect(row.isRead).to.equal(true);
    // Marking again changes nothing.
    expect(ok(await api.post('Inbox/MarkAsRead', { ids: [message.id] }, { token: tree.subAdmin.token })).updated).to.equal(0);
  });

  it('a plain user needs the claim, and sees only lines assigned to them with canSeeReceivedSms', async () => {
    bad(await api.get('Inbox/GetAll', { token: tree.subUser.token }), 403);
    const role = ok(await api.post('Roles/Create', { title: unique('Inbox reader '), claims: ['SmsReports.Inbox'], organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
    ok(await api.post('Roles/AssignToUser', { userId: tree.subUser.userId, roleId: role.id }, { token: tree.subAdmin.token }));
    expect(ids(ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.subUser.token })).items)).to.not.include(message.id);

    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.lineId, userId: tree.subUser.userId, sendTypesList: ['Bulk'], canSeeReceivedSms: false }, { token: superToken }));
    expect(ids(ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.subUser.token })).items)).to.not.include(message.id);
    expect(ok(await api.post('Inbox/MarkAsRead', { ids: [message.id] }, { token: tree.subUser.token })).updated).to.equal(0);

    ok(await api.post('PrivateNumbers/Assign', { privateNumberId: line.lineId, userId: tree.subUser.userId, sendTypesList: ['Bulk'], canSeeReceivedSms: true }, { token: superToken }));
    const seen = ok(await api.get('Inbox/GetAll?pageSize=100', { token: tree.subUser.token }));
    expect(ids(seen.items)).to.include(message.id);
    expect(seen.items.every((m: any) => m.privateNumberId === line.lineId)).to.equal(true);
  });

  it('a message to a number that is no line is shown to the system administrators only', async () => {
    const inbox = (await sharedServer()).peyk.container.get(InboxService);
    const providerId = unique('unknown-line-');
    await inbox.receive(line.agentId, [{ from: '09121239877', to: '5559999', text: 'to nobody', at: new Date(), providerId }]);
    const seen = await waitForInbox(api, superToken, (m) => m.senderMobile === '989121239877' && m.smsText === 'to nobody');
    expect(seen).to.include({ organizationId: null, privateNumberId: null, receiverNumber: '5559999', organizationName: null });
    for (const token of [tree.resellerAdmin.token, tree.subAdmin.token, tree.otherAdmin.token]) {
      expect(ids(ok(await api.get('Inbox/GetAll?pageSize=100', { token })).items)).to.not.include(seen.id);
    }
  });

  it('answers bad input with the error shape', async () => {
    bad(await api.post('Inbox/MarkAsRead', { ids: [] }, { token: tree.subAdmin.token }), 400, 'ids');
    bad(await api.post('Inbox/MarkAsRead', { ids: ['x'] }, { token: tree.subAdmin.token }), 400);
    bad(await api.post('Inbox/MarkAsRead', {}, { token: tree.subAdmin.token }), 400, 'ids');
    bad(await api.get('Inbox/GetAll?pageSize=0', { token: tree.subAdmin.token }), 400, 'pageSize');
    bad(await api.get('Inbox/GetAll?isRead=maybe', { token: tree.subAdmin.token }), 400, 'isRead');
    bad(await api.get('Inbox/GetAll', {}), 401);
  });
});
