import { expect } from 'chai';
import type { Knex } from 'knex';
import pino from 'pino';
import { ApiClient } from '../support/api-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, standaloneLine, standaloneSender, waitForSend } from '../support/sending.js';
import { TYPES } from '../../server/platform/tokens.js';
import type { AppConfig } from '../../server/platform/config.js';
import type { Realtime } from '../../server/platform/realtime.js';
import type { UnitOfWork, Tx } from '../../server/platform/unit-of-work.js';
import { InboxService, REPLY_ACTION, type InboundActionHandler, type InboundStep, type InboxRow } from '../../server/modules/inbound/index.js';
import { InboxRepository } from '../../server/modules/inbound/inbox.repository.js';
import { OptOutsRepository } from '../../server/modules/inbound/opt-outs.repository.js';
import { InboundActionsRepository } from '../../server/modules/inbound/inbound-actions.repository.js';
import { InboundActionsSignal, InboundActionsWorker, inboundRetryDelay } from '../../server/modules/inbound/inbound-actions.worker.js';
import { ReplyActionHandler } from '../../server/modules/inbound/reply-action.handler.js';
import { AggregatorRulesService } from '../../server/modules/inbound/aggregator-rules.service.js';
import { LinesService } from '../../server/modules/numbers/index.js';

/**
 * The inbound module's shared machinery (issue 24): steps run in the store transaction, each in
 * its own savepoint, and actions queued there are done once by a leased worker with retries. The
 * reply action is a priced send through compose, idempotent by the action's id. Services are built
 * by hand around the server's own repositories so the test can give them its own steps and handlers.
 */
describe('Inbound steps and actions', function () {
  this.timeout(120_000);
  let server: TestServer;
  let api: ApiClient;
  let knex: Knex;
  let sender: { token: string; organizationId: number };
  let userId: number;
  let lineId: number;
  let agentId: number;
  const get = <T>(id: (abstract new (...args: never[]) => T) | symbol): T => server.peyk.container.get<T>(id as never);
  const silent = pino({ level: 'silent' });

  const inboxWith = (steps: InboundStep[]) =>
    new InboxService(get(InboxRepository), get(LinesService), get<Realtime>(TYPES.Realtime), silent, get<UnitOfWork>(TYPES.UnitOfWork), get(OptOutsRepository), get(InboundActionsSignal), get(AggregatorRulesService), [], steps);
  const workerWith = (handlers: InboundActionHandler[]) => {
    const base = get<AppConfig>(TYPES.Config);
    const config = { ...base, inboundActions: { enabled: true, concurrency: 4, timeoutMs: 2_000, retryBaseMs: 50, pollMs: 50 } } as AppConfig;
    return new InboundActionsWorker(get(InboundActionsRepository), new InboundActionsSignal(), config, silent, handlers);
  };
  const actionsOf = (prefix: string) => get(InboundActionsRepository).bySourcePrefix(prefix);
  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async () => {
    // The server's own worker stays off: each test runs the worker it builds.
    server = await startTestServer({ inboundActions: { enabled: false, concurrency: 4, timeoutMs: 2_000, retryBaseMs: 50, pollMs: 50 } });
    api = new ApiClient(server.url);
    const s = await standaloneSender(api, 'Inbound actions');
    sender = { token: s.token, organizationId: s.organizationId };
    knex = get<Knex>(TYPES.Knex);
    userId = Number((await knex('users').where({ userName: `sender${s.organizationId}` }).first('id')).id);
    ({ lineId, agentId } = await standaloneLine(api, s.admin, '30009911', { deliveryDelayMs: 10 }, { organizationId: s.organizationId, isSendSingle: true }));
  });

  after(async () => {
    await server?.stop();
  });

  it('a step that throws loses only its own writes: the messages and the next step\'s actions are kept', async () => {
    const seen: number[] = [];
    const failing: InboundStep = {
      name: 'failing', order: 1,
      async apply(tx: Tx, rows: InboxRow[]) {
        await tx('inbound_actions').insert({ kind: 'never', sourceKey: `failing:${rows[0].id}`, payload: '{}' });
        throw new Error('a bad rule');
      },
    };
    const recording: InboundStep = {
      name: 'recording', order: 2,
      async apply(tx: Tx, rows: InboxRow[]) {
        seen.push(...rows.map((r) => r.id));
        await get(InboundActionsRepository).enqueue(tx, rows.map((r) => ({ organizationId: r.organizationId, kind: 'noted', sourceKey: `recording:${r.id}`, inboxMessageId: r.id, payload: { text: r.smsText } })));
      },
    };
    await inboxWith([recording, failing]).receive(agentId, [{ from: '09121110001', to: '30009911', text: 'hello', at: new Date(), providerId: 'steps-1' }]);
    const stored = await knex('inbox_messages').where({ providerId: 'steps-1' });
    expect(stored).to.have.length(1);
    expect(seen).to.deep.equal([Number(stored[0].id)]);
    expect((await actionsOf('recording:')).map((a) => a.payload)).to.deep.equal([{ text: 'hello' }]);
    expect(await actionsOf('failing:'), 'the failing step\'s write was rolled back with its savepoint').to.have.length(0);
    // A repeat of the same message runs no step again and queues nothing new.
    await inboxWith([recording]).receive(agentId, [{ from: '09121110001', to: '30009911', text: 'hello', at: new Date(), providerId: 'steps-1' }]);
    expect(seen).to.have.length(1);
  });

  it('a reply action is one priced send from the line, done once even when it runs again', async () => {
    const uow = get<UnitOfWork>(TYPES.UnitOfWork);
    await uow.run((tx) => get(InboundActionsRepository).enqueue(tx, [{
      organizationId: sender.organizationId, kind: REPLY_ACTION, sourceKey: 'test-reply:1', inboxMessageId: null,
      payload: { userId, organizationId: sender.organizationId, privateNumberId: lineId, to: '09121110002', text: 'Thanks, noted', description: 'test reply' },
    }]));
    const worker = workerWith([get(ReplyActionHandler)]);
    worker.start();
    try {
      const [done] = await until(() => actionsOf('test-reply:'), (a) => a[0]?.status !== 'Waiting', 'the reply action did not finish');
      expect(done.status, done.lastError ?? '').to.equal('Done');
      const sendId = Number(done.result?.scheduledMessageId);
      const send = await waitForSend(api, sender.token, sendId);
      expect(send).to.include({ smsText: 'Thanks, noted', privateNumberId: lineId });
      expect(Number(send.sendPrice)).to.be.greaterThan(0);
      // As if the worker died after the send and before recording it: the action runs again.
      await knex('inbound_actions').where({ id: done.id }).update({ status: 'Waiting', nextAttemptAt: new Date() });
      const [again] = await until(() => actionsOf('test-reply:'), (a) => a[0]?.status !== 'Waiting', 'the repeated action did not finish');
      expect(again.result).to.include({ scheduledMessageId: sendId, repeated: true });
      const sends = await knex('sends').where({ clientSendId: `inbound-action:${done.id}` });
      expect(sends, 'one send, however often the action runs').to.have.length(1);
    } finally {
      await worker.stop();
    }
  });

  it('a refused reply fails at once with the reason; a passing failure is retried; an unknown kind fails', async () => {
    const uow = get<UnitOfWork>(TYPES.UnitOfWork);
    let calls = 0;
    const flaky: InboundActionHandler = {
      kind: 'flaky',
      async run() {
        calls++;
        return calls < 3 ? { done: false, permanent: false, error: `try ${calls}` } : { done: true, result: { calls } };
      },
    };
    const hopeless: InboundActionHandler = { kind: 'hopeless', async run() { return { done: false, permanent: false, error: 'down' }; } };
    await uow.run((tx) => get(InboundActionsRepository).enqueue(tx, [
      // A line the user may not send from (it does not exist): compose refuses, and a retry would refuse again.
      { organizationId: sender.organizationId, kind: REPLY_ACTION, sourceKey: 'outcomes:refused', inboxMessageId: null, payload: { userId, organizationId: sender.organizationId, privateNumberId: 987_654, to: '09121110003', text: 'x' } },
      { organizationId: null, kind: 'flaky', sourceKey: 'outcomes:flaky', inboxMessageId: null, payload: {} },
      { organizationId: null, kind: 'hopeless', sourceKey: 'outcomes:hopeless', inboxMessageId: null, payload: {}, maxAttempts: 2 },
      { organizationId: null, kind: 'gone', sourceKey: 'outcomes:gone', inboxMessageId: null, payload: {} },
    ]));
    // The same source key again is no second action.
    expect(await uow.run((tx) => get(InboundActionsRepository).enqueue(tx, [{ organizationId: null, kind: 'flaky', sourceKey: 'outcomes:flaky', inboxMessageId: null, payload: {} }]))).to.equal(0);
    const worker = workerWith([get(ReplyActionHandler), flaky, hopeless]);
    worker.start();
    try {
      const rows = await until(() => actionsOf('outcomes:'), (a) => a.length === 4 && a.every((x) => x.status !== 'Waiting'), 'the actions did not finish');
      const by = Object.fromEntries(rows.map((r) => [r.sourceKey.split(':')[1], r]));
      expect(by.refused).to.include({ status: 'Failed', attempts: 1 });
      expect(by.refused.lastError).to.match(/PrivateNumberNotValid|line|number/i);
      expect(by.flaky).to.include({ status: 'Done', attempts: 3 });
      expect(by.flaky.lastError, 'the last failure is kept to show why it took more than one try').to.equal('try 2');
      expect(by.hopeless).to.include({ status: 'Failed', attempts: 2, lastError: 'down' });
      expect(by.gone).to.include({ status: 'Failed', attempts: 1 });
    } finally {
      await worker.stop();
    }
  });

  it('waits longer before each retry, at most an hour', () => {
    expect([1, 2, 3].map((n) => inboundRetryDelay(1_000, n))).to.deep.equal([1_000, 3_000, 9_000]);
    expect(inboundRetryDelay(60_000, 10)).to.equal(3_600_000);
  });
});
