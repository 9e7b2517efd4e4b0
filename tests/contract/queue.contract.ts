import { expect } from 'chai';
import type { Job, JobQueue, QueueEvents, QueueFactory } from '../../server/platform/queue.js';

export type QueueErrorSink = (error: Error, queue: string) => void;

export interface QueueContractOptions {
  /**
   * For adapters whose jobs outlive the process: puts a waiting job in the state a worker that
   * died mid-job leaves behind (claimed, attempt counted), with its lock expired or still held.
   */
  simulateCrashedClaim?(queue: string, jobId: string, lockExpired: boolean): Promise<void>;
}

interface FailedEvent {
  jobId: string;
  message: string;
  willRetry: boolean;
}

interface Recorder extends QueueEvents {
  succeeded: Array<{ jobId: string; result: unknown }>;
  failed: FailedEvent[];
  progress: Array<{ jobId: string; progress: unknown }>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 1_500): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function recorder(): Recorder {
  const r: Recorder = {
    succeeded: [],
    failed: [],
    progress: [],
    onSucceeded: (_queue, jobId, result) => void r.succeeded.push({ jobId, result }),
    onFailed: (_queue, jobId, error, willRetry) => void r.failed.push({ jobId, message: error.message, willRetry }),
    onProgress: (_queue, jobId, progress) => void r.progress.push({ jobId, progress }),
  };
  return r;
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => { open = resolve; });
  return { promise, open };
}

/**
 * The behaviour every QueueFactory adapter shares. makeFactory gets a sink for the adapter's own
 * errors (not job failures); any error reported there fails the test.
 */
export function describeQueueContract(
  name: string,
  makeFactory: (onError: QueueErrorSink) => Promise<QueueFactory>,
  options: QueueContractOptions = {},
): void {
  describe(name, function () {
    let factory: QueueFactory;
    let errors: Error[];
    let n = 0;
    // Queue names are unique per test: adapters on a shared server keep other tests' leftovers.
    const queueName = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    const sink: QueueErrorSink = (error) => void errors.push(error);

    beforeEach(async function () {
      errors = [];
      factory = await makeFactory(sink);
    });
    afterEach(async function () {
      await factory.close();
      expect(errors.map((e) => e.message), 'errors reported by the adapter').to.deep.equal([]);
    });

    it('runs an added job once with its data intact and reports the result', async function () {
      const events = recorder();
      type Payload = { text: string; n: number; list: unknown[]; nested: { ok: boolean; none: null } };
      const queue = factory.queue<Payload>(queueName('round-trip'), events);
      const data: Payload = { text: 'سلام دنیا ✓', n: 12.5, list: [1, 'two', { three: 3 }], nested: { ok: true, none: null } };
      const seen: Array<Job<Payload>> = [];
      queue.process(1, async (job) => {
        seen.push(job);
        return { echoed: job.data.text };
      });
      const id = await queue.add(data);
      expect(id).to.be.a('string').that.is.not.empty;
      await waitFor('the job to succeed', () => events.succeeded.length === 1);
      await sleep(50);
      expect(seen).to.have.length(1);
      expect(seen[0]!.id).to.equal(id);
      expect(seen[0]!.attempt).to.equal(1);
      expect(seen[0]!.data).to.deep.equal(data);
      expect(events.succeeded).to.deep.equal([{ jobId: id, result: { echoed: 'سلام دنیا ✓' } }]);
      expect(events.failed).to.deep.equal([]);
    });

    it('gives jobs without a jobId distinct ids', async function () {
      const queue = factory.queue<number>(queueName('ids'));
      const ids = await Promise.all([1, 2, 3].map((i) => queue.add(i)));
      expect(new Set(ids).size).to.equal(3);
      expect(await queue.pendingCount()).to.equal(3);
    });

    it('adds a job with a taken jobId only once while it is unfinished, and again after', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('dedupe'), events);
      expect(await queue.add('first', { jobId: 'order-42' })).to.equal('order-42');
      expect(await queue.add('second', { jobId: 'order-42' })).to.equal('order-42');
      expect(await queue.pendingCount()).to.equal(1);
      const runs: string[] = [];
      queue.process(2, async (job) => {
        runs.push(job.data);
      });
      await waitFor('the job to succeed', () => events.succeeded.length === 1);
      await sleep(50);
      expect(runs).to.deep.equal(['first']);
      await queue.add('third', { jobId: 'order-42' });
      await waitFor('the re-added job to succeed', () => events.succeeded.length === 2);
      expect(runs).to.deep.equal(['first', 'third']);
    });

    it('keeps queues apart', async function () {
      const a = factory.queue<string>(queueName('apart-a'));
      const b = factory.queue<string>(queueName('apart-b'));
      const got: string[] = [];
      b.process(1, async (job) => {
        got.push(job.data);
      });
      await a.add('for a');
      await b.add('for b');
      await waitFor('b to run its job', () => got.length === 1);
      await sleep(100);
      expect(got).to.deep.equal(['for b']);
      expect(await a.pendingCount()).to.equal(1);
    });

    it('does not run a delayed job before its time, and runs it then', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('delay'), events);
      const ran: Array<{ data: string; at: number }> = [];
      queue.process(1, async (job) => {
        ran.push({ data: job.data, at: Date.now() });
      });
      const addedAt = Date.now();
      await queue.add('late', { delayMs: 250 });
      await queue.add('now');
      expect(await queue.pendingCount()).to.be.at.least(1);
      await waitFor('both jobs to succeed', () => events.succeeded.length === 2, 1_500);
      expect(ran.map((r) => r.data)).to.deep.equal(['now', 'late']);
      expect(ran[1]!.at - addedAt).to.be.at.least(250);
      expect(await queue.pendingCount()).to.equal(0);
    });

    it('retries a failed job and counts attempts until it succeeds', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('retry'), events);
      const attempts: number[] = [];
      queue.process(1, async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
        return 'done';
      });
      const id = await queue.add('x', { retries: 2 });
      await waitFor('the job to succeed', () => events.succeeded.length === 1);
      expect(attempts).to.deep.equal([1, 2, 3]);
      expect(events.failed).to.deep.equal([
        { jobId: id, message: 'flaky 1', willRetry: true },
        { jobId: id, message: 'flaky 2', willRetry: true },
      ]);
      expect(events.succeeded).to.deep.equal([{ jobId: id, result: 'done' }]);
    });

    it('reports the final failure once retries are exhausted', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('exhaust'), events);
      const attempts: number[] = [];
      queue.process(1, async (job) => {
        attempts.push(job.attempt);
        throw new Error(`broken ${job.attempt}`);
      });
      const id = await queue.add('x', { retries: 1 });
      await waitFor('the final failure', () => events.failed.some((f) => !f.willRetry));
      await sleep(100);
      expect(attempts).to.deep.equal([1, 2]);
      expect(events.failed).to.deep.equal([
        { jobId: id, message: 'broken 1', willRetry: true },
        { jobId: id, message: 'broken 2', willRetry: false },
      ]);
      expect(events.succeeded).to.deep.equal([]);
      expect(await queue.pendingCount()).to.equal(0);
    });

    it('does not retry by default, and reports a thrown non-Error as an Error', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('no-retry'), events);
      let runs = 0;
      queue.process(1, async () => {
        runs += 1;
        throw 'plain string';
      });
      const id = await queue.add('x');
      await waitFor('the failure', () => events.failed.length === 1);
      await sleep(100);
      expect(runs).to.equal(1);
      expect(events.failed).to.deep.equal([{ jobId: id, message: 'plain string', willRetry: false }]);
    });

    it('runs at most `concurrency` jobs at once, and uses all of them', async function () {
      const events = recorder();
      const queue = factory.queue<number>(queueName('concurrency'), events);
      let active = 0;
      let peak = 0;
      queue.process(2, async () => {
        active += 1;
        peak = Math.max(peak, active);
        await sleep(40);
        active -= 1;
      });
      for (let i = 0; i < 6; i++) await queue.add(i);
      await waitFor('all jobs to succeed', () => events.succeeded.length === 6);
      expect(peak).to.equal(2);
    });

    it('reports progress in order', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('progress'), events);
      queue.process(1, async (job) => {
        await job.reportProgress({ done: 1, total: 2 });
        await job.reportProgress({ done: 2, total: 2 });
      });
      const id = await queue.add('x');
      await waitFor('the job to succeed', () => events.succeeded.length === 1);
      expect(events.progress).to.deep.equal([
        { jobId: id, progress: { done: 1, total: 2 } },
        { jobId: id, progress: { done: 2, total: 2 } },
      ]);
    });

    it('counts waiting, delayed and running jobs as pending, and finished ones not', async function () {
      const events = recorder();
      const queue = factory.queue<string>(queueName('pending'), events);
      expect(await queue.pendingCount()).to.equal(0);
      await queue.add('a');
      await queue.add('b');
      await queue.add('later', { delayMs: 10_000 });
      expect(await queue.pendingCount()).to.equal(3);
      const hold = gate();
      const started: string[] = [];
      queue.process(1, async (job) => {
        started.push(job.data);
        await hold.promise;
      });
      await waitFor('a job to start', () => started.length === 1);
      expect(await queue.pendingCount()).to.equal(3);
      hold.open();
      await waitFor('both due jobs to succeed', () => events.succeeded.length === 2);
      expect(await queue.pendingCount()).to.equal(1);
    });

    it('refuses a second process() on the same queue', async function () {
      const queue = factory.queue<string>(queueName('twice'));
      queue.process(1, async () => undefined);
      expect(() => queue.process(1, async () => undefined)).to.throw();
    });

    it('close waits for a running handler and then takes no new jobs', async function () {
      const name = queueName('close');
      const events = recorder();
      const queue = factory.queue<string>(name, events);
      const started: string[] = [];
      let finished = false;
      queue.process(1, async (job) => {
        started.push(job.data);
        await sleep(150);
        finished = true;
      });
      await queue.add('running');
      await waitFor('the job to start', () => started.length === 1);
      await queue.close();
      expect(finished).to.equal(true);
      await waitFor('the success event', () => events.succeeded.length === 1, 200);

      const producer = factory.queue<string>(name);
      await producer.add('after close');
      await sleep(250);
      expect(started).to.deep.equal(['running']);
      expect(await producer.pendingCount()).to.equal(1);
    });

    it('refuses to add through a closed queue', async function () {
      const queue = factory.queue<string>(queueName('closed-add'));
      await queue.close();
      let rejected = false;
      await queue.add('late').catch(() => { rejected = true; });
      expect(rejected).to.equal(true);
    });

    it('close gives up on a hung handler after its timeout', async function () {
      const queue = factory.queue<string>(queueName('close-timeout'));
      let started = false;
      queue.process(1, async () => {
        started = true;
        await new Promise<never>(() => undefined);
      });
      await queue.add('hangs');
      await waitFor('the job to start', () => started);
      const before = Date.now();
      await queue.close(100);
      const took = Date.now() - before;
      expect(took).to.be.at.least(90).and.below(1_000);
    });

    if (options.simulateCrashedClaim) {
      const simulateCrashedClaim = options.simulateCrashedClaim;

      describe('after a restart', function () {
        it('runs jobs that were added before it', async function () {
          const name = queueName('restart');
          await factory.queue<string>(name).add('one');
          await factory.queue<string>(name).add('two', { delayMs: 50 });
          await factory.close();

          factory = await makeFactory(sink);
          const events = recorder();
          const got: string[] = [];
          factory.queue<string>(name, events).process(2, async (job) => {
            got.push(job.data);
          });
          await waitFor('both jobs to run', () => events.succeeded.length === 2);
          expect(got.sort()).to.deep.equal(['one', 'two']);
        });

        it('runs again a job whose worker died once its lock has expired', async function () {
          const name = queueName('crashed');
          const id = await factory.queue<string>(name).add('orphan', { retries: 1 });
          await simulateCrashedClaim(name, id, true);
          await factory.close();

          factory = await makeFactory(sink);
          const events = recorder();
          const attempts: number[] = [];
          factory.queue<string>(name, events).process(1, async (job) => {
            attempts.push(job.attempt);
          });
          await waitFor('the orphan to be re-run', () => events.succeeded.length === 1);
          expect(attempts).to.deep.equal([2]);
        });

        it('leaves alone a job whose lock is still held', async function () {
          const name = queueName('locked');
          const id = await factory.queue<string>(name).add('held');
          await simulateCrashedClaim(name, id, false);
          await factory.close();

          factory = await makeFactory(sink);
          const queue: JobQueue<string> = factory.queue<string>(name);
          let runs = 0;
          queue.process(1, async () => {
            runs += 1;
          });
          await sleep(300);
          expect(runs).to.equal(0);
          expect(await queue.pendingCount()).to.equal(1);
        });
      });
    }
  });
}
