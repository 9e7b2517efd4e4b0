import { parentPort, workerData } from 'node:worker_threads';
import { importBatches, type BatchJob } from './contact-import.batches.js';
import { SheetError, type StoredFile } from './contact-import.sheet.js';

/**
 * The worker thread of a large import: parses the file and checks its rows off the process's
 * event loop (and on the machine's other core), asking the process for the file's bytes and
 * handing it batches ready to store. Protocol (contact-import.worker.ts holds the other end):
 * → `read {id, offset, length}`, ← `bytes {id, bytes}` (transferred);
 * → `batch {batch}`, ← `more` (at most AHEAD batches wait unstored, so memory stays bounded);
 * → `end` | `failed {key, params}` (the file cannot be read) | `error {message}`.
 */

export interface ThreadData {
  job: BatchJob;
  size: number;
  pieceBytes: number;
}

const AHEAD = 2;
const port = parentPort!;
const { job, size, pieceBytes } = workerData as ThreadData;

let nextId = 0;
const waiting = new Map<number, (bytes: Buffer) => void>();
let credit = AHEAD;
let wakeProducer: (() => void) | null = null;

port.on('message', (m: { type: 'bytes'; id: number; bytes: ArrayBuffer | Uint8Array } | { type: 'more' }) => {
  if (m.type === 'more') {
    credit++;
    wakeProducer?.();
    wakeProducer = null;
    return;
  }
  const bytes = m.bytes instanceof Uint8Array ? Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength) : Buffer.from(m.bytes);
  waiting.get(m.id)?.(bytes);
  waiting.delete(m.id);
});

function request(offset: number, length: number): Promise<Buffer> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    port.postMessage({ type: 'read', id, offset, length });
  });
}

const file: StoredFile = {
  size,
  read: request,
  async *stream(offset: number, length: number) {
    const end = Math.min(size, offset + length);
    // One piece asked for ahead: the database answers while this one is parsed.
    let next: Promise<Buffer> | null = offset < end ? request(offset, Math.min(pieceBytes - (offset % pieceBytes), end - offset)) : null;
    let at = offset;
    while (next) {
      const piece = await next;
      at += piece.length;
      next = at < end && piece.length > 0 ? request(at, Math.min(pieceBytes - (at % pieceBytes), end - at)) : null;
      yield piece;
    }
  },
};

(async () => {
  try {
    for await (const batch of importBatches(file, job)) {
      while (credit === 0) await new Promise<void>((resolve) => { wakeProducer = resolve; });
      credit--;
      port.postMessage({ type: 'batch', batch });
    }
    port.postMessage({ type: 'end' });
  } catch (err) {
    if (err instanceof SheetError) port.postMessage({ type: 'failed', key: err.key, params: err.params });
    else port.postMessage({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
})();
