import { expect } from 'chai';
import sinon from 'sinon';
import { createToastStore, TOAST_DURATION_MS } from '../../../client/src/shared/ui/dialog/toast-store';

describe('toast-store', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: Date.parse('2026-11-22T09:00:00Z') });
  });
  afterEach(() => clock.restore());

  it('keeps a toast for 5000 ms', () => {
    expect(TOAST_DURATION_MS).to.equal(5000);
    const store = createToastStore();
    const id = store.push({ kind: 'success', message: 'ok' });
    expect(store.getSnapshot()).to.have.length(1);
    expect(store.getSnapshot()[0]).to.deep.include({ id, kind: 'success', message: 'ok', durationMs: 5000, createdAt: Date.now() });
    clock.tick(4999);
    expect(store.getSnapshot()).to.have.length(1);
    clock.tick(1);
    expect(store.getSnapshot()).to.have.length(0);
  });

  it('notifies subscribers until they unsubscribe', () => {
    const store = createToastStore();
    const listener = sinon.spy();
    const unsubscribe = store.subscribe(listener);
    store.push({ message: 'a' });
    expect(listener.callCount).to.equal(1);
    expect(listener.lastCall.args[0]).to.have.length(1);
    expect(listener.lastCall.args[0][0].kind).to.equal('info');
    clock.tick(5000);
    expect(listener.callCount).to.equal(2);
    expect(listener.lastCall.args[0]).to.have.length(0);
    unsubscribe();
    store.push({ message: 'b' });
    expect(listener.callCount).to.equal(2);
  });

  it('keeps the snapshot reference stable between changes', () => {
    const store = createToastStore();
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).to.equal(empty);
    store.push({ message: 'a' });
    const one = store.getSnapshot();
    expect(one).to.not.equal(empty);
    expect(store.getSnapshot()).to.equal(one);
  });

  it('dismisses early, clears, and cancels the timer', () => {
    const store = createToastStore();
    const listener = sinon.spy();
    store.subscribe(listener);
    const a = store.push({ message: 'a' });
    store.push({ message: 'b', durationMs: 0 });
    store.dismiss(a);
    expect(store.getSnapshot().map((t) => t.message)).to.deep.equal(['b']);
    store.dismiss(a);
    expect(listener.callCount).to.equal(3);
    clock.tick(60_000);
    expect(store.getSnapshot()).to.have.length(1); // durationMs 0 stays
    store.clear();
    expect(store.getSnapshot()).to.have.length(0);
  });

  it('drops the oldest beyond the maximum and honours custom durations', () => {
    const store = createToastStore({ max: 2, durationMs: 1000 });
    store.push({ message: '1' });
    store.push({ message: '2' });
    store.push({ message: '3', durationMs: 3000 });
    expect(store.getSnapshot().map((t) => t.message)).to.deep.equal(['2', '3']);
    clock.tick(1000);
    expect(store.getSnapshot().map((t) => t.message)).to.deep.equal(['3']);
    clock.tick(2000);
    expect(store.getSnapshot()).to.have.length(0);
  });
});
