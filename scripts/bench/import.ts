/**
 * Benchmark `import`: a 1,000,000-row xlsx (mobile, first and last name, 5 custom fields: String,
 * Integer, Boolean, Datetime as date cells, Float; shared strings as Excel writes them) imported
 * into a phonebook, then the same rows as CSV, on PostgreSQL. The files are made here with
 * exceljs' streaming writer (not timed). Each variant runs on a fresh server process and is timed
 * from the first byte of the upload until the import is Completed (upload + preview, mapping,
 * the background job). While it runs, /api/health is asked every 100 ms: its slowest answers
 * show whether the server stays responsive. Prints seconds, rows/s and the server's peak RSS.
 * Aims: xlsx <= 20 s and <= 600 MB; CSV <= 6 s.
 *
 *   npm run bench:import          (DATABASE_URL defaults to the local test server)
 *   BENCH_ROWS=200000 npm run bench:import
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { benchDatabase, setupSender, startBenchServer, type BenchDatabase } from './bench-server.js';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 3381);
const HEADER = ['mobile', 'firstName', 'lastName', 'city', 'score', 'vip', 'joined', 'ratio'];

/** Row i: a unique mobile in one of the forms people type, and values of every custom field type. */
function row(i: number): [string, string, string, string, number, boolean, Date, number] {
  const local = `${['912', '935', '901', '990'][i % 4]}${String(i).padStart(7, '0')}`;
  const mobile = i % 3 === 0 ? `0${local}` : i % 3 === 1 ? `+98${local}` : `98${local}`;
  return [mobile, `Name${i % 5000}`, `Family${i % 7919}`, `City${i % 400}`, i % 100_000, i % 2 === 0, new Date(Date.UTC(1960 + (i % 60), i % 12, 1 + (i % 28))), (i % 1000) / 8];
}

async function writeXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(HEADER).commit();
  for (let i = 0; i < rows; i++) {
    const r = sheet.addRow(row(i));
    r.getCell(7).numFmt = 'yyyy-mm-dd';
    r.commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  let chunk = `\ufeff${HEADER.join(',')}\r\n`;
  for (let i = 0; i < rows; i++) {
    const [m, f, l, c, s, v, j, r] = row(i);
    chunk += `${m},${f},${l},${c},${s},${v ? 'yes' : 'no'},${j.toISOString().slice(0, 10)},${r}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

interface Run {
  idleRssMb: number;
  /** CPU the server process used from the upload to Completed (its threads together): what the machine's load does not change much. */
  cpuSeconds: number;
  uploadSeconds: number;
  totalSeconds: number;
  file: any;
  contactsCount: number;
  peakRssMb: number;
  healthMaxMs: number;
  healthP99Ms: number;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function importOnce(db: BenchDatabase, firstStart: boolean, file: string, fileName: string): Promise<Run> {
  const server = await startBenchServer(db, port);
  try {
    const { sender } = await setupSender(server.base, firstStart);
    if (firstStart) {
      for (const [type, nameEn, nameFa] of [['String', 'city', 'شهر'], ['Integer', 'score', 'امتیاز'], ['Boolean', 'vip', 'ویژه'], ['Datetime', 'joined', 'عضویت'], ['Float', 'ratio', 'نسبت']]) {
        await sender.post('CustomFields/Create', { type, nameEn, nameFa });
      }
    }
    const book = await sender.post('Phonebooks/Create', { title: `Bench ${fileName}` });
    const idleRssMb = server.peakRssMb();
    const cpu0 = cpuSecondsOf(server.process.pid!);
    // The server's responsiveness while it imports: one health call every 100 ms.
    const latencies: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/PhonebookFiles/Upload?phonebookId=${book.id}&fileName=${fileName}&culture=en-US`, {
      method: 'POST', headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream, duplex: 'half',
    } as RequestInit);
    const uploaded = (await res.json() as { data: any; message?: string }).data;
    if (!uploaded) throw new Error(`upload failed: ${res.status}`);
    const t1 = performance.now();
    await sender.post('PhonebookFiles/Start', { id: uploaded.id, hasHeaderRow: uploaded.suggested.hasHeaderRow, mapping: uploaded.suggested.mapping, fields: uploaded.suggested.fields });
    let last: any;
    let lastPrint = Date.now();
    for (;;) {
      last = await sender.get(`PhonebookFiles/Get/${uploaded.id}`);
      if (last.status === 'Completed' || last.status === 'Failed') break;
      if (Date.now() - lastPrint > 5_000) {
        lastPrint = Date.now();
        console.log(`  … ${((performance.now() - t0) / 1000).toFixed(0)} s: ${last.status} ${last.progressPercent}%, ${Number(last.processedCount).toLocaleString('en')} rows`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const t2 = performance.now();
    const cpuSeconds = cpuSecondsOf(server.process.pid!) - cpu0;
    probing = false;
    await probe;
    if (last.status !== 'Completed') throw new Error(`import ${last.status}: ${last.failedReason}`);
    const after = await sender.get(`Phonebooks/Get/${book.id}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      idleRssMb, cpuSeconds, uploadSeconds: (t1 - t0) / 1000, totalSeconds: (t2 - t0) / 1000, file: last, contactsCount: after.contactsCount, peakRssMb: server.peakRssMb(),
      healthMaxMs: sorted.at(-1) ?? 0, healthP99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    };
  } finally {
    await server.stop();
  }
}

function report(label: string, bytes: number, run: Run, aimSeconds: number): void {
  const f = run.file;
  console.log(`${label}: ${rows.toLocaleString('en')} rows (${(bytes / 1e6).toFixed(1)} MB) → ${Number(f.addedCount).toLocaleString('en')} contacts added ` +
    `(${f.duplicateCount} duplicates, ${f.existingCount} existing, ${f.rejectedCount} rejected); phonebook contactsCount ${run.contactsCount.toLocaleString('en')}`);
  console.log(`  upload + preview: ${run.uploadSeconds.toFixed(2)} s`);
  console.log(`  total until Completed: ${run.totalSeconds.toFixed(2)} s, ${Math.round(rows / run.totalSeconds).toLocaleString('en')} rows/s (aim <= ${aimSeconds} s)`);
  console.log(`  server CPU: ${run.cpuSeconds.toFixed(1)} s (main thread and import thread; PostgreSQL's own not counted)`);
  console.log(`  server peak RSS: ${run.peakRssMb} MB (before the upload: ${run.idleRssMb} MB; aim <= 600 MB)`);
  console.log(`  /api/health while importing: p99 ${run.healthP99Ms.toFixed(0)} ms, slowest ${run.healthMaxMs.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-import-'));
  const db = await benchDatabase();
  try {
    const xlsx = path.join(dir, 'contacts.xlsx');
    const csv = path.join(dir, 'contacts.csv');
    let t = performance.now();
    await writeXlsx(xlsx);
    console.log(`made ${path.basename(xlsx)} in ${((performance.now() - t) / 1000).toFixed(1)} s (not timed)`);
    t = performance.now();
    await writeCsv(csv);
    console.log(`made ${path.basename(csv)} in ${((performance.now() - t) / 1000).toFixed(1)} s (not timed)`);
    const xlsxRun = await importOnce(db, true, xlsx, 'contacts.xlsx');
    report('import xlsx', statSync(xlsx).size, xlsxRun, 20);
    const csvRun = await importOnce(db, false, csv, 'contacts.csv');
    report('import csv', statSync(csv).size, csvRun, 6);
    for (const run of [xlsxRun, csvRun]) {
      if (run.file.addedCount !== rows || run.contactsCount !== rows) throw new Error(`expected ${rows} contacts, got ${run.file.addedCount} (count ${run.contactsCount})`);
    }
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
