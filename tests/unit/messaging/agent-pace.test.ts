import 'reflect-metadata';
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { MemoryKeyValueStore } from '../../../server/platform/kv-memory.js';
import { RedisKeyValueStore } from '../../../server/platform/kv-redis.js';
import type { KeyValueStore } from '../../../server/platform/kv.js';
import { requireEnv } from '../../contract/requires-env.js';
import { AgentPaceService } from '../../../server/modules/messaging/dispatch/agent-pace.service.js';

/**
 * Two pacers sharing one store stand for two dispatching processes: together they must never let
 * one agent exceed its messages-per-second in any wall-clock second.
 */
async function sendThroughTwoProcesses(stores: [KeyValueStore, KeyValueStore], perSecond: number, chunks: number, chunk: number): Promise<Map<number, number>> {
  const pacers = [new AgentPaceService(stores[0]), new AgentPaceService(stores[1])];
  const perWindow = new Map<number, number>();
  const agentId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  await Promise.all(Array.from({ length: chunks }, async (_, i) => {
    const second = await pacers[i % 2].acquire(agentId, chunk, perSecond);
    // Never before its second begins (counted by the booked second: a busy machine may resume late).
    expect(Date.now()).to.be.at.least(second * 1000);
    perWindow.set(second, (perWindow.get(second) ?? 0) + chunk);
  }));
  return perWindow;
}

function expectPaced(perWindow: Map<number, number>, perSecond: number, total: number): void {
  const counts = [...perWindow.values()];
  expect(counts.reduce((a, b) => a + b, 0)).to.equal(total);
  for (const n of counts) expect(n).to.be.at.most(perSecond);
  // total / perSecond windows at least: the work cannot finish in fewer seconds.
  expect(perWindow.size).to.be.at.least(Math.ceil(total / perSecond));
}

describe('AgentPaceService: one rate per sender agent across processes', function () {
  this.timeout(20_000);

  it('keeps two processes sharing the in-process store under the rate in every second', async () => {
    const store = new MemoryKeyValueStore();
    const perWindow = await sendThroughTwoProcesses([store, store], 40, 12, 10);
    expectPaced(perWindow, 40, 120);
    await store.close();
  });

  it('keeps two processes with their own Redis connections under the rate in every second', async function () {
    const url = requireEnv(this, 'REDIS_URL', 'pacing through Redis');
    const keyPrefix = `peyk-test-${randomBytes(4).toString('hex')}:`;
    const a = await RedisKeyValueStore.connect(url, { keyPrefix });
    const b = await RedisKeyValueStore.connect(url, { keyPrefix });
    try {
      const perWindow = await sendThroughTwoProcesses([a, b], 40, 12, 10);
      expectPaced(perWindow, 40, 120);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a chunk larger than one second allows (the dispatcher never makes one)', async () => {
    const store = new MemoryKeyValueStore();
    const pacer = new AgentPaceService(store);
    let failed = false;
    await pacer.acquire(7, 11, 10).catch(() => { failed = true; });
    expect(failed).to.equal(true);
    await store.close();
  });
});
