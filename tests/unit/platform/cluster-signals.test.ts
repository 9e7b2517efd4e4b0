import { expect } from 'chai';
import { ClusterSignals, type ClusterTopic } from '../../../server/platform/cluster-signals.js';
import type { RealtimeBus } from '../../../server/platform/realtime-bus.js';

/** One channel shared by several "processes", delivering to every subscriber (the publisher too), as Redis does. */
function fakeChannel() {
  const subscribers: ((m: string) => void)[] = [];
  const sent: string[] = [];
  const bus = (): RealtimeBus => ({
    async publish(m) {
      sent.push(m);
      for (const s of subscribers) queueMicrotask(() => s(m));
    },
    async subscribe(h) { subscribers.push(h); },
    async close() { /* nothing held */ },
  });
  return { bus, sent, raw: (m: string) => { for (const s of subscribers) s(m); } };
}

const ID: ClusterTopic<number> = { name: 'test.id', accept: (raw) => (typeof raw === 'number' ? raw : null) };
const settle = () => new Promise((r) => setTimeout(r, 10));

describe('ClusterSignals: announcements heard by every process', () => {
  it('without a bus: handlers of this process run before announce returns', () => {
    const signals = new ClusterSignals();
    const got: number[] = [];
    signals.on(ID, (n) => got.push(n));
    signals.announce(ID, 7);
    expect(got).to.deep.equal([7]);
  });

  it('with a bus: the other process hears it once, this one exactly once (its own echo is skipped)', async () => {
    const channel = fakeChannel();
    const a = new ClusterSignals();
    const b = new ClusterSignals();
    await a.useBus(channel.bus());
    await b.useBus(channel.bus());
    const atA: number[] = [];
    const atB: number[] = [];
    a.on(ID, (n) => atA.push(n));
    b.on(ID, (n) => atB.push(n));
    a.announce(ID, 3);
    expect(atA, 'synchronously here').to.deep.equal([3]);
    await settle();
    expect(atA).to.deep.equal([3]);
    expect(atB).to.deep.equal([3]);
    expect(channel.sent).to.have.length(1);
  });

  it('drops what fails the topic\'s check or is not an envelope; a throwing handler does not stop the others', async () => {
    const channel = fakeChannel();
    const errors: string[] = [];
    const b = new ClusterSignals((_err, topic) => errors.push(topic));
    await b.useBus(channel.bus());
    const got: number[] = [];
    b.on(ID, () => { throw new Error('boom'); });
    b.on(ID, (n) => got.push(n));
    channel.raw('not json');
    channel.raw(JSON.stringify({ topic: 'test.id', payload: 'x', origin: 'other' }));
    channel.raw(JSON.stringify({ topic: 'test.id', payload: 5, origin: 'other' }));
    expect(got).to.deep.equal([5]);
    expect(errors).to.deep.equal(['test.id']);
  });

  it('an unsubscribed handler hears nothing more', () => {
    const signals = new ClusterSignals();
    const got: number[] = [];
    const off = signals.on(ID, (n) => got.push(n));
    off();
    signals.announce(ID, 1);
    expect(got).to.deep.equal([]);
  });
});
