#!/usr/bin/env node
// `npm test`: type-check everything, check the dependency rules (.dependency-cruiser.cjs), build
// the client the browser tests load, then run every mocha suite (unit, integration, contract, api, browser) in one run with one closing summary.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(label, command, args) {
  process.stdout.write(`\n== ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    process.stdout.write(`\n${label} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

const backends = `database: ${process.env.DATABASE_URL ? 'PostgreSQL (a scratch database per server)' : 'embedded PGlite'}; queue and key-value: ${process.env.REDIS_URL ? 'Redis' : 'in-process'}`;
process.stdout.write(`Peyk test suite — ${backends}\n`);

run('type-check server and tests', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('type-check client', bin('tsc'), ['-p', 'client/tsconfig.json', '--noEmit']);
// Over every folder with code; the folders and options live once, in package.json's depcruise script.
run('dependency rules (.dependency-cruiser.cjs)', process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '-s', 'depcruise']);
run('build client for the browser tests', bin('vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn']);

const chromium = process.env.PEYK_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  process.stdout.write(`\n${'!'.repeat(78)}\n!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.\n!!! Install it (apt-get install -y chromium) to run tests/browser; .ci/run always does.\n${'!'.repeat(78)}\n`);
}

run('mocha', bin('mocha'), [
  '--reporter', path.join(root, 'tests', 'support', 'summary-reporter.cjs'),
  'tests/unit/**/*.test.ts',
  'tests/integration/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/browser/**/*.test.ts',
]);
