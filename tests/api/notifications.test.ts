import { expect } from 'chai';
import { io as connect } from 'socket.io-client';
import { sharedApi, sharedServer, createTree, type Tree } from '../support/fixtures.js';
import type { ApiClient } from '../support/api-client.js';
import { NotificationsService } from '../../server/modules/notifications/index.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { UnitOfWork } from '../../server/platform/unit-of-work.js';

describe('notifications', function () {
  this.timeout(60_000);
  let api: ApiClient;
  let tree: Tree;
  before(async () => {
    api = await sharedApi();
    tree = await createTree(api);
  });

  it('stores, pushes after commit, lists and marks read — only for their user', async () => {
    const server = await sharedServer();
    const socket = connect(server.url, { auth: { token: tree.subUser.token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    try {
      const pushed = new Promise((resolve) => socket.once('notification', resolve));
      const service = server.peyk.container.get(NotificationsService);
      const uow = server.peyk.container.get<UnitOfWork>(TYPES.UnitOfWork);
      await uow.run((tx) => service.notify(tx, { userId: tree.subUser.userId, organizationId: tree.sub.id, kind: 'LowCredit', title: 'Low credit', body: 'Top up soon' }));
      expect(await pushed).to.deep.include({ kind: 'LowCredit', title: 'Low credit' });
      // A rolled-back notification is neither stored nor pushed.
      await uow.run(async (tx) => {
        await service.notify(tx, { userId: tree.subUser.userId, organizationId: tree.sub.id, kind: 'Never', title: 'x', body: 'y' });
        throw new Error('rollback');
      }).catch(() => undefined);

      const latest = await api.get('Notifications/GetLatest', { token: tree.subUser.token });
      expect(latest.status).to.equal(200);
      expect(latest.body.data.unreadCount).to.equal(1);
      expect(latest.body.data.items.map((n: any) => n.kind)).to.deep.equal(['LowCredit']);
      const other = await api.get('Notifications/GetLatest', { token: tree.subAdmin.token });
      expect(other.body.data.unreadCount).to.equal(0);
      const marked = await api.post('Notifications/MarkAsRead', { all: true }, { token: tree.subUser.token });
      expect(marked.body.data.marked).to.equal(1);
      expect((await api.get('Notifications/GetLatest', { token: tree.subUser.token })).body.data.unreadCount).to.equal(0);
    } finally {
      socket.close();
    }
  });
});
