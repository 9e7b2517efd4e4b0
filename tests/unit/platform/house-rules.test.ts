import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

// The house rules dependency-cruiser cannot see (server/modules/CONTEXT.md, "House rules as code"):
// a query built through a knex or transaction value needs no import of knex, and a repository
// re-exported by a module's index.ts looks like any other name of that index.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MODULES_DIR = path.join(ROOT, 'server/modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/** Code lines (comment lines dropped: a comment may name a query to explain it) with their numbers. */
function codeLines(file: string): { n: number; text: string }[] {
  const out: { n: number; text: string }[] = [];
  let inBlock = false;
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const t = line.trim();
    if (inBlock) { if (t.includes('*/')) inBlock = false; return; }
    if (t.startsWith('/*')) { inBlock = !t.includes('*/'); return; }
    if (t.startsWith('//') || t.startsWith('*')) return;
    out.push({ n: i + 1, text: line });
  });
  return out;
}

/** What a query built outside a repository looks like: a knex or transaction handle called or reached into. */
const QUERY_BUILDER = [
  /\b(tx|trx|sp|db|knex)\s*\(/, // tx('table'), db(`${table} as t`), knex('jobs')
  /\bthis\.knex\b/, // an injected knex handle
  /\b(tx|trx|sp|db|knex)\s*\.\s*(fn|raw|ref|schema|queryBuilder|select|insert|update|from|table|with)\b/, // tx.fn.now(), tx.raw(...)
  /\bTYPES\.Knex\b/, // a service asking the container for knex
];

function queryBuilderUses(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    if (file.endsWith('.repository.ts')) continue;
    for (const { n, text } of codeLines(file)) if (QUERY_BUILDER.some((re) => re.test(text))) found.push(`${relative(file)}:${n}: ${text.trim()}`);
  }
  return found;
}

/** Named imports ending in `Repository` from another module's index.ts. */
function foreignRepositoryImports(files: string[]): string[] {
  const found: string[] = [];
  const importRe = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g;
  for (const file of files) {
    const own = relative(file).split('/')[2];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importRe)) {
      if (!m[2].startsWith('.')) continue;
      const target = relative(path.resolve(path.dirname(file), m[2]));
      const other = /^server\/modules\/([^/]+)\/index\.js$/.exec(target)?.[1];
      if (!other || other === own) continue;
      const names = m[1].split(',').map((s) => s.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter((s) => /Repository$/.test(s));
      if (names.length) found.push(`${relative(file)}: ${names.join(', ')} from ${other}`);
    }
  }
  return found;
}

describe('house rules as code', () => {
  const files = sourceFiles(MODULES_DIR);

  it('finds the module sources it checks', () => {
    expect(files.length).to.be.greaterThan(100);
  });

  it('only *.repository.ts files under server/modules build queries on knex or a transaction', () => {
    const found = queryBuilderUses(files);
    expect(found, `move these into a repository of the same module:\n${found.join('\n')}`).to.deep.equal([]);
  });

  it('no module uses another module\'s repository (a re-export from its index.ts is for scripts and tests)', () => {
    const found = foreignRepositoryImports(files);
    expect(found, `reach these through a service of the owning module:\n${found.join('\n')}`).to.deep.equal([]);
  });

  it('the scanners see what they are meant to catch', () => {
    const sample = path.join(MODULES_DIR, 'billing/plans.service.ts');
    expect(queryBuilderUses([sample])).to.deep.equal([]);
    const probe = (text: string) => QUERY_BUILDER.some((re) => re.test(text));
    expect(probe("await tx('plans').where({ id })")).to.equal(true);
    expect(probe('const q = db(`${table} as t`)')).to.equal(true);
    expect(probe('this.knex.transaction(work)')).to.equal(true);
    expect(probe('{ decidedAt: tx.fn.now() }')).to.equal(true);
    expect(probe('await this.repo.update(tx, id, values)')).to.equal(false);
    expect(probe('return this.uow.run(async (tx) => this.repo.insert(tx, row))')).to.equal(false);
  });

  it('browser tests hand waitForFunction a function, never a string (the panel\'s CSP refuses the eval a string predicate is polled with)', () => {
    // Playwright evaluates a function predicate once and keeps it; a string is eval'd on every poll,
    // which script-src 'self' refuses as soon as the first check is false: a test then fails only on a slow run.
    const STRING_PREDICATE = /\.waitForFunction\(\s*['"`]/;
    expect(STRING_PREDICATE.test("page.waitForFunction(`document.dir === 'ltr'`)")).to.equal(true);
    expect(STRING_PREDICATE.test("page.waitForFunction(() => (globalThis as any).document.dir === 'ltr')")).to.equal(false);
    const found = sourceFiles(path.join(ROOT, 'tests/browser')).flatMap((file) => codeLines(file)
      .filter(({ text }) => STRING_PREDICATE.test(text)).map(({ n, text }) => `${relative(file)}:${n}: ${text.trim()}`));
    expect(found, `pass an arrow function instead:\n${found.join('\n')}`).to.deep.equal([]);
  });

  it('messaging\'s phase rule (.dependency-cruiser.cjs) forbids importing a later phase and allows an earlier one', () => {
    type Rule = { name: string; from: { path: string }; to: { path: string } };
    const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };
    const rules = config.forbidden.filter((r) => /^messaging-[a-z]+-never-imports-a-later-phase$/.test(r.name));
    const forbidden = (from: string, to: string) => rules.some((r) => new RegExp(r.from.path).test(from) && new RegExp(r.to.path).test(to));
    const m = 'server/modules/messaging';
    expect(rules.map((r) => r.name)).to.deep.equal(['compose', 'dispatch', 'delivery'].map((p) => `messaging-${p}-never-imports-a-later-phase`));
    for (const [from, to] of [['compose', 'dispatch'], ['compose', 'delivery'], ['compose', 'outbox'], ['dispatch', 'delivery'], ['dispatch', 'outbox'], ['delivery', 'outbox']]) {
      expect(forbidden(`${m}/${from}/a.service.ts`, `${m}/${to}/b.service.ts`), `${from} → ${to}`).to.equal(true);
    }
    for (const [from, to] of [['dispatch', 'compose'], ['delivery', 'dispatch'], ['outbox', 'delivery'], ['outbox', 'compose'], ['periodic', 'compose']]) {
      expect(forbidden(`${m}/${from}/a.service.ts`, `${m}/${to}/b.service.ts`), `${from} → ${to}`).to.equal(false);
    }
    // The root is shared by every phase: importing it is always allowed.
    expect(forbidden(`${m}/compose/a.service.ts`, `${m}/dispatch-signal.ts`)).to.equal(false);
  });
});
