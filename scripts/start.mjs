#!/usr/bin/env node
// `npm start`: build when the build is missing or older than the sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const clientEntry = path.join(root, 'dist', 'client', 'index.html');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(...['server', 'migrations', 'plugins', 'client'].map((d) => newest(path.join(root, d))));
const built = existsSync(serverEntry) && existsSync(clientEntry) ? Math.min(statSync(serverEntry).mtimeMs, statSync(clientEntry).mtimeMs) : 0;
if (built === 0 || sources > built) {
  process.stdout.write('Building Peyk (server and client)...\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
