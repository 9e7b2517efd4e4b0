import { expect } from 'chai';
import { io as connect, type Socket } from 'socket.io-client';
import type { ApiClient } from '../support/api-client.js';
import { createUser, login, sharedServer, unique, USER_PASSWORD, type Tree } from '../support/fixtures.js';
import { ok, sendingTree, simulatorLine, waitForSend } from '../support/sending.js';
import { InboxService } from '../../server/modules/inbound/index.js';

/** A signed-in websocket that records every push it gets. */
interface Listener {
  socket: Socket;
  got: { event: string; payload: any }[];
}

async function listen(url: string, token: string): Promise<Listener> {
  const socket: Socket = await new Promise((resolve, reject) => {
    const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', (err) => { s.close(); reject(err); });
  });
  const listener: Listener = { socket, got: [] };
  socket.onAny((event: string, payload: unknown) => listener.got.push({ event, payload }));
  return listener;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * A push carries what the REST call reading the same data answers (an inbound text may be an OTP
 * code), so it reaches exactly the sockets whose user that call would answer: the claim, the
 * tenancy (administrators their organization and below), and the per-user rule (plain users: their
 * own sends; lines assigned to them with canSeeReceivedSms).
 */
describe('Live pushes reach only the users REST lets read the data', function () {
  this.timeout(120_000);
  let api: ApiClient;
  let superToken: string;
  let tree: Tree;
  let url: string;
  let publicLine: { agentId: number; lineId: number; number: string };
  let subLine: { agentId: number; lineId: number; number: string };
  const listeners: Listener[] = [];

  /** A plain user of the sub-organization holding exactly these claims (plus the base ones). */
  async function plainUser(claims: string[]): Promise<{ userId: number; token: string }> {
    const userName = unique('rt');
    const user = await createUser(api, tree.subAdmin.token, { userName, organizationId: tree.sub.id, isAdmin: false, firstName: 'Rt' });
    if (claims.length > 0) {
      const role = ok(await api.post('Roles/Create', { title: unique('Realtime role '), claims, organizationId: tree.sub.id }, { token: tree.orgAdmin.token }));
      ok(await api.post('Roles/AssignToUser', { userId: user.id, roleId: role.id }, { token: tree.subAdmin.token }));
    }
    return { userId: user.id, token: (await login(api, userName, USER_PASSWORD)).accessToken };
  }

  async function open(token: string): Promise<Listener> {
    const l = await listen(url, token);
    listeners.push(l);
    return l;
  }

  before(async () => {
    ({ api, superToken, tree, line: publicLine } = await sendingTree());
    url = (await sharedServer()).url;
    subLine = await simulatorLine(api, {}, { organizationId: tree.sub.id });
  });

  after(() => { for (const l of listeners) l.socket.close(); });

  it('inbox-message: administrators of the line\'s organization and above, and plain users with the claim and a readable line', async () => {
    const reader = await plainUser(['SmsReports.Inbox']);
    const blind = await plainUser(['SmsReports.Inbox']);
    const unassigned = await plainUser(['SmsReports.Inbox']);
    const noClaim = await plainUser([]);
    for (const [u, canSee] of [[reader, true], [blind, false], [noClaim, true]] as const) {
      ok(await api.post('PrivateNumbers/Assign', { privateNumberId: subLine.lineId, userId: u.userId, sendTypesList: ['Bulk'], canSeeReceivedSms: canSee }, { token: superToken }));
    }
    const allowed = {
      subAdmin: await open(tree.subAdmin.token), orgAdmin: await open(tree.orgAdmin.token),
      resellerAdmin: await open(tree.resellerAdmin.token), superAdmin: await open(superToken), reader: await open(reader.token),
    };
    const refused = {
      noClaim: await open(noClaim.token), blind: await open(blind.token), unassigned: await open(unassigned.token),
      otherAdmin: await open(tree.otherAdmin.token),
    };
    // REST agrees: the refused ones cannot read the line's inbound messages.
    expect((await api.get('Inbox/GetAll', { token: noClaim.token })).status).to.equal(403);

    const text = `Your code is ${unique('')}`;
    const inbox = (await sharedServer()).peyk.container.get(InboxService);
    await inbox.receive(subLine.agentId, [{ from: '09121230001', to: subLine.number, text, at: new Date(), providerId: unique('otp-') }]);
    const pushed = (l: Listener) => l.got.filter((g) => g.event === 'inbox-message' && g.payload?.smsText === text);
    await until(() => pushed(allowed.subAdmin).length === 1, 'the inbox-message push to the line organization\'s administrator');
    await until(() => Object.values(allowed).every((l) => pushed(l).length === 1), 'every allowed socket', 3_000).catch(() => undefined);
    await sleep(300);
    for (const [name, l] of Object.entries(refused)) expect(pushed(l), name).to.deep.equal([]);
    for (const [name, l] of Object.entries(allowed)) expect(pushed(l), name).to.have.length(1);
    const restIds = ok(await api.get('Inbox/GetAll?pageSize=100', { token: reader.token })).items.map((m: any) => m.id);
    expect(restIds).to.include(pushed(allowed.reader)[0].payload.id);
  });

  it('send-progress: a plain user\'s own sends (with the outbox claim), and administrators of the organization and above', async () => {
    const owner = await plainUser(['Sending.Bulk', 'SmsReports.Outbox']);
    const peer = await plainUser(['SmsReports.Outbox']);
    const senderOnly = await plainUser(['Sending.Bulk']);
    const l = {
      owner: await open(owner.token), peer: await open(peer.token), senderOnly: await open(senderOnly.token),
      subAdmin: await open(tree.subAdmin.token), orgAdmin: await open(tree.orgAdmin.token), otherAdmin: await open(tree.otherAdmin.token),
    };
    const progress = (x: Listener, id: number) => x.got.filter((g) => g.event === 'send-progress' && g.payload?.id === id);
    const final = (x: Listener, id: number) => progress(x, id).some((g) => g.payload.queueStatus === 'Completed');

    const own = ok(await api.post('ScheduledMessages/Create', { senderNumberId: publicLine.lineId, smsBody: 'progress of my own send', sendType: 'Bulk', receivers: ['09121230002', '09121230003'] }, { token: owner.token }));
    await waitForSend(api, owner.token, own.id);
    await until(() => final(l.subAdmin, own.id), 'the final push of the plain user\'s send to the administrator');

    // A send by a user who may send but not read the outbox: REST refuses them the outbox, so do the pushes.
    expect((await api.get(`OutBox/Get/${own.id}`, { token: senderOnly.token })).status).to.equal(403);
    const blind = ok(await api.post('ScheduledMessages/Create', { senderNumberId: publicLine.lineId, smsBody: 'progress nobody plain may read', sendType: 'Bulk', receivers: ['09121230004'] }, { token: senderOnly.token }));
    await waitForSend(api, tree.subAdmin.token, blind.id);
    await until(() => final(l.subAdmin, blind.id), 'the final push of the send to the administrator');
    await sleep(300);

    expect(progress(l.peer, own.id), 'another plain user of the organization').to.deep.equal([]);
    expect(progress(l.senderOnly, own.id), 'a plain user without the outbox claim').to.deep.equal([]);
    expect(progress(l.otherAdmin, own.id), 'an administrator of another tree').to.deep.equal([]);
    expect(progress(l.senderOnly, blind.id), 'the sender without the outbox claim').to.deep.equal([]);
    expect(progress(l.owner, blind.id), 'a plain user, of a send not theirs').to.deep.equal([]);
    expect(final(l.owner, own.id), 'the plain user, of their own send').to.equal(true);
    expect(final(l.orgAdmin, own.id), 'an administrator of the organization above').to.equal(true);
  });
});
