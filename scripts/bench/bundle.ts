/**
 * Benchmark: the JavaScript the login route loads (entry + its static imports + the account area
 * and login page chunks with theirs), gzip-compressed, and the largest lazy chunk.
 * Aim: login route <= 250 KB gzip.   npm run bench:bundle   (builds the client first)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = path.join(root, 'dist', 'client');
execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const gz = (file: string) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const k of manifest[key].imports ?? []) walk(k);
  };
  keys.forEach(walk);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');
const loginKeys = Object.keys(manifest).filter((k) => /features\/account\/(account-layout|login-page)\.tsx$/.test(k));
const loginRoute = closure([entry, ...loginKeys]);
const loginBytes = [...loginRoute].reduce((sum, k) => sum + gz(manifest[k].file), 0);

const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry).map((k) => ({ key: k, bytes: gz(manifest[k].file) }))
  .sort((a, b) => b.bytes - a.bytes);
const largest = lazy[0];

process.stdout.write([
  `bundle: login route JS (gzip) ${kb(loginBytes)} in ${loginRoute.size} chunks — aim <= 250 KB: ${loginBytes <= 250 * 1024 ? 'MET' : 'NOT MET'}`,
  `bundle: largest lazy chunk (gzip) ${largest ? `${kb(largest.bytes)} (${largest.key})` : 'none'}`,
  `bundle: ${lazy.length} lazy chunks in all`,
].join('\n') + '\n');
