#!/usr/bin/env node
// `npm test`: the whole suite in lanes, with one closing summary line.
//   1. checks, side by side: type-check server and client, the dependency rules, the client build
//      the browser tests load, and the migrated schema every test database copies (an embedded
//      image, a PostgreSQL template). Any failure stops the run before a test starts.
//   2. unit + contract tests (mocha --parallel over both cores).
//   3. side by side: the api and integration files spread over PEYK_TEST_SHARDS worker processes
//      (3 on PostgreSQL, 1 on the embedded database; each has its own shared server, scratch
//      database and Redis prefix).
//   4. the browser suites with their own server (PEYK_TEST_BROWSER_SHARDS lanes, default 1): beside
//      step 3 on PostgreSQL, after it on the embedded database.
//   5. the few files that assert a rate, a latency or a deadline, alone.
// Each lane's output is printed whole when it ends (never interleaved), then each lane's time and
// the slowest files, then "N passed, N failed, N skipped" over all lanes.
// Shards are balanced by file times measured in an earlier run: .test-times.json (written by every
// run, not committed) or else tests/support/lane-times.json (committed); a file with no time weighs
// LANE_DEFAULT_MS.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reporter = path.join(root, 'tests', 'support', 'summary-reporter.cjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'peyk-lanes-'));
const LANE_DEFAULT_MS = 20_000;
// The embedded database runs inside each test process and is CPU-bound: on two cores, two or more
// of them side by side ran suites' 30 s set-up hooks out (measured); PostgreSQL does that work in
// its own server, so only there do the servers' files spread over lanes.
const embedded = !process.env.DATABASE_URL;
const shardCount = Math.max(1, Number(process.env.PEYK_TEST_SHARDS ?? (embedded ? 1 : 3)));
const browserShardCount = Math.max(1, Number(process.env.PEYK_TEST_BROWSER_SHARDS ?? 1));
const started = Date.now();

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms) => `${Math.floor(ms / 60000)}m${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}s`;

/** Runs one lane with its output kept aside; resolves with its exit status, time and output file. */
function lane(label, command, args, env = {}) {
  const log = path.join(scratch, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const out = createWriteStream(log);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => resolve({ label, status: code ?? (signal ? 1 : 0), signal, ms: Date.now() - t0, log }));
    });
  });
}

function printLane(result) {
  process.stdout.write(`\n== ${result.label} (${seconds(result.ms)}${result.status ? `, exit ${result.status}${result.signal ? ` ${result.signal}` : ''}` : ''})\n`);
  process.stdout.write(readFileSync(result.log, 'utf8'));
}

function listTests(dir) {
  const out = [];
  const walk = (d) => {
    for (const entry of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.test.ts')) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

function knownTimes() {
  for (const file of ['.test-times.json', 'tests/support/lane-times.json']) {
    const full = path.join(root, file);
    if (existsSync(full)) {
      try { return JSON.parse(readFileSync(full, 'utf8')); } catch { /* a broken file only costs balance */ }
    }
  }
  return {};
}

/** Longest first onto the lightest shard: within a few percent of the best split for these sizes. */
function shard(files, count, times) {
  const shards = Array.from({ length: count }, () => ({ files: [], ms: 0 }));
  const weighed = files.map((f) => ({ f, ms: times[f] ?? LANE_DEFAULT_MS })).sort((a, b) => b.ms - a.ms || a.f.localeCompare(b.f));
  for (const { f, ms } of weighed) {
    const lightest = shards.reduce((a, b) => (b.ms < a.ms ? b : a));
    lightest.files.push(f);
    lightest.ms += ms;
  }
  // Each shard runs its files in name order, as the single run did, so a file's neighbours stay predictable.
  return shards.filter((s) => s.files.length).map((s) => ({ ...s, files: s.files.sort() }));
}

const backends = `database: ${process.env.DATABASE_URL ? 'PostgreSQL (a scratch database per server)' : 'embedded PGlite'}; queue and key-value: ${process.env.REDIS_URL ? 'Redis' : 'in-process'}`;
process.stdout.write(`Peyk test suite — ${backends}\n`);

// 1. Checks.
const checks = await Promise.all([
  lane('type-check server and tests', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  lane('type-check client', bin('tsc'), ['-p', 'client/tsconfig.json', '--noEmit']),
  // Over every folder with code; the folders and options live once, in package.json's depcruise script.
  lane('dependency rules (.dependency-cruiser.cjs)', npm, ['run', '-s', 'depcruise']),
  lane('build client for the browser tests', bin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']),
  // Every test server and database copies one migrated schema instead of migrating its own.
  lane('migrated database image and template', process.execPath, ['--import', 'tsx', 'tests/support/prepare-databases.ts']),
]);
checks.forEach(printLane);
const failedCheck = checks.find((c) => c.status !== 0);
if (failedCheck) {
  process.stdout.write(`\n${failedCheck.label} failed (exit ${failedCheck.status})\n`);
  rmSync(scratch, { recursive: true, force: true });
  process.exit(failedCheck.status || 1);
}
const checksMs = Date.now() - started;

const chromium = process.env.PEYK_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stdout.write(`\n${'!'.repeat(78)}\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n!!! Install it (apt-get install -y chromium) to run tests/browser; .ci/run always does.\n${'!'.repeat(78)}\n`);
}

// 2. Tests.
const times = knownTimes();
const mocha = (label, files, extra = []) => {
  const report = path.join(scratch, `${label.replace(/[^a-z0-9]+/gi, '-')}.json`);
  return lane(label, bin('mocha'), ['--reporter', reporter, ...extra, ...files], { PEYK_TEST_REPORT: report }).then((r) => ({ ...r, report }));
};
// Files that assert a rate, a latency or a deadline measure this machine as much as the code: they
// run last, alone, as they did in the single serial run (the guide wants figures in benchmarks;
// these older assertions stay as written).
const SOLO = new Set([
  'tests/integration/plugins/smpp-faults.test.ts', // messages per second
  'tests/api/request-edge.test.ts', // health under 250 ms while bodies arrive
  'tests/api/contact-import.test.ts', // bad workbooks refused within 5 s
  'tests/api/messaging-single-send.test.ts', // the single lane overtakes a bulk send in time
  // Reads the balance between moving its clock and the server's own every-second periodic job;
  // on a busy machine that read is slow enough for the job to come first (seen in a PostgreSQL run).
  'tests/integration/periodic.test.ts',
]);
const serverFiles = [...listTests('tests/api'), ...listTests('tests/integration')];
const serverShards = shard(serverFiles.filter((f) => !SOLO.has(f)), shardCount, times);
const browserShards = shard(listTests('tests/browser'), browserShardCount, times);
const results = [];
const finish = (r) => {
  results.push(r);
  process.stdout.write(`\n-- ${r.label} ended after ${clock(Date.now() - started)} (lane ${clock(r.ms)})\n`);
  printLane(r);
};
// Unit and contract tests first, alone: several are CPU-bound (a million numbers, whole spreadsheets)
// and their 20 s time-outs are about this code, not about sharing two cores with five servers.
finish(await mocha('unit + contract', [...listTests('tests/unit'), ...listTests('tests/contract')], ['--parallel', '--jobs', '2']));
// On PostgreSQL the browser suites run beside the servers' lanes (they wait more than they compute);
// on the embedded database after them: there the servers' lanes keep both cores busy, and the
// browser waits, bounded in time, ran out beside them (runs measured on this machine).
const browserLanes = () => browserShards.map((s, i) => () => mocha(`browser ${i + 1}/${browserShards.length}`, s.files));
await Promise.all([
  ...serverShards.map((s, i) => mocha(`api + integration ${i + 1}/${serverShards.length}`, s.files)),
  ...(embedded ? [] : browserLanes().map((start) => start())),
].map((p) => p.then(finish)));
if (embedded) for (const start of browserLanes()) finish(await start());
const solo = serverFiles.filter((f) => SOLO.has(f));
if (solo.length) finish(await mocha('rates and latencies, alone', solo));

// 3. One summary.
let passes = 0; let failures = 0; let pending = 0;
const failed = [];
const fileMs = {};
for (const r of results) {
  let report = null;
  try { report = JSON.parse(readFileSync(r.report, 'utf8')); } catch { /* the lane died before its end */ }
  if (!report) {
    failures += 1;
    failed.push({ title: `${r.label}: the lane ended without a report (exit ${r.status}${r.signal ? ` ${r.signal}` : ''})` });
    continue;
  }
  r.counts = `${report.passes} passed, ${report.failures} failed, ${report.pending} skipped`;
  passes += report.passes; failures += report.failures; pending += report.pending;
  failed.push(...report.failed.map((f) => ({ ...f, title: `${r.label}: ${f.title}` })));
  Object.assign(fileMs, report.fileMs);
  if (report.failures === 0 && r.status !== 0) {
    failures += 1;
    failed.push({ title: `${r.label}: exit ${r.status} with no failed test` });
  }
}
writeFileSync(path.join(root, '.test-times.json'), `${JSON.stringify(Object.fromEntries(Object.entries(fileMs).sort()), null, 1)}\n`);
rmSync(scratch, { recursive: true, force: true });

process.stdout.write(`\n== lane times (checks ${clock(checksMs)}; whole run ${clock(Date.now() - started)})\n`);
for (const r of [...results].sort((a, b) => b.ms - a.ms)) process.stdout.write(`  ${clock(r.ms).padStart(7)}  ${r.label}${r.counts ? `: ${r.counts}` : ''}\n`);
process.stdout.write('== slowest files\n');
for (const [f, ms] of Object.entries(fileMs).sort((a, b) => b[1] - a[1]).slice(0, 8)) process.stdout.write(`  ${clock(ms).padStart(7)}  ${f}\n`);
if (failed.length) {
  process.stdout.write('== failures\n');
  for (const f of failed) process.stdout.write(`  ${f.title}${f.file ? ` (${f.file})` : ''}\n    ${(f.error ?? '').split('\n')[0]}\n`);
}
process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
process.exit(failures ? 1 : 0);
