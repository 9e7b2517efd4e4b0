import { expect } from 'chai';
import pino from 'pino';
import { ClaimPump } from '../../../../server/platform/workers/claim-pump.js';
import { WakeSignal } from '../../../../server/platform/workers/wake-signal.js';

const silent = pino({ level: 'silent' });
const until = async (check: () => boolean, ms = 2_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** A queue of due ids and a run that waits until released, so flight can be observed. */
function rig(concurrency: number) {
  const due: number[] = [];
  const releases = new Map<number, () => void>();
  const done: number[] = [];
  let maxInFlight = 0;
  let inFlight = 0;
  const signal = new WakeSignal();
  let failOn: number | null = null;
  const pump = new ClaimPump<number>({
    name: 'test',
    settings: () => ({ pollMs: 60_000, concurrency }),
    claim: async (free) => due.splice(0, free),
    run: (id) => new Promise<void>((resolve, reject) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      releases.set(id, () => {
        inFlight -= 1;
        releases.delete(id);
        if (id === failOn) reject(new Error('bookkeeping failed'));
        else {
          done.push(id);
          resolve();
        }
      });
    }),
    keyOf: (id) => id,
  }, signal, silent);
  return { due, releases, done, signal, pump, max: () => maxInFlight, failOn: (id: number) => { failOn = id; } };
}

describe('platform ClaimPump: the leased-rows claim loop of webhook deliveries and inbound actions', () => {
  it('keeps at most `concurrency` rows in flight and claims more as rows finish', async () => {
    const r = rig(2);
    r.due.push(1, 2, 3, 4, 5);
    r.pump.start();
    await until(() => r.releases.size === 2);
    expect(r.due).to.deep.equal([3, 4, 5]);
    r.releases.get(1)?.();
    await until(() => r.releases.has(3));
    for (let i = 0; i < 10 && r.done.length < 5; i += 1) {
      for (const release of [...r.releases.values()]) release();
      await new Promise((res) => setTimeout(res, 10));
    }
    expect(r.done.sort()).to.deep.equal([1, 2, 3, 4, 5]);
    expect(r.max()).to.equal(2);
    await r.pump.stop();
  });

  it('a wake-up claims rows committed after the last pass, without waiting for the poll', async () => {
    const r = rig(4);
    r.pump.start();
    await new Promise((res) => setTimeout(res, 20));
    r.due.push(7);
    r.signal.wake();
    await until(() => r.releases.has(7));
    r.releases.get(7)?.();
    await r.pump.stop();
    expect(r.done).to.deep.equal([7]);
  });

  it('stop waits for rows in flight; a failed run is logged and the pump goes on', async () => {
    const r = rig(2);
    r.failOn(1);
    r.due.push(1, 2);
    r.pump.start();
    await until(() => r.releases.size === 2);
    let stopped = false;
    const stopping = r.pump.stop().then(() => { stopped = true; });
    await new Promise((res) => setTimeout(res, 30));
    expect(stopped, 'stop returned with rows in flight').to.equal(false);
    r.releases.get(1)?.();
    r.releases.get(2)?.();
    await stopping;
    expect(r.done).to.deep.equal([2]);
    r.due.push(3);
    r.signal.wake();
    await new Promise((res) => setTimeout(res, 30));
    expect(r.due, 'a stopped pump claims nothing').to.deep.equal([3]);
  });
});
