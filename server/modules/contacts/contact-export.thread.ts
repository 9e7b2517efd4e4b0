import { parentPort, workerData } from 'node:worker_threads';
import { exportLayout, writeCsv, writeXlsx, type ExportedContact, type ExportField } from './contact-export.files.js';

/**
 * The worker thread of a large export: builds the file (XML or CSV text, the zip's deflate
 * callbacks, and the garbage of both, in this thread's own heap) off the process's event loop,
 * while the process only reads the contacts from the database. Protocol (contact-export.worker.ts
 * holds the other end): ← `rows {rows}`, → `written {count}` after each (the process keeps at most
 * AHEAD batches unwritten, so memory stays bounded); ← `end`, → `done {count}`; → `error {message}`.
 */

export interface ExportThreadData {
  file: string;
  format: 'xlsx' | 'csv';
  defs: ExportField[];
  numbersHidden: boolean;
}

const port = parentPort!;
const { file, format, defs, numbersHidden } = workerData as ExportThreadData;

const inbox: ({ type: 'rows'; rows: ExportedContact[] } | { type: 'end' })[] = [];
let wake: (() => void) | null = null;
port.on('message', (m: { type: 'rows'; rows: ExportedContact[] } | { type: 'end' }) => {
  inbox.push(m);
  wake?.();
  wake = null;
});

async function* batches(): AsyncGenerator<ExportedContact[]> {
  for (;;) {
    while (inbox.length === 0) await new Promise<void>((resolve) => { wake = resolve; });
    const m = inbox.shift()!;
    if (m.type === 'end') return;
    yield m.rows;
  }
}

(async () => {
  try {
    const layout = exportLayout(defs, numbersHidden);
    const progress = (count: number) => port.postMessage({ type: 'written', count });
    const count = format === 'csv' ? await writeCsv(file, layout, batches(), progress) : await writeXlsx(file, layout, batches(), progress);
    port.postMessage({ type: 'done', count });
  } catch (err) {
    port.postMessage({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  }
})();
