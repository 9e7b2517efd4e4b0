import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { platformMessages, type MessageCatalogue } from '../../../server/platform/i18n.js';

// Every user-visible text exists in Persian and English (house rule): a key in one language only
// falls back silently (the client to English, the server to the key), so nobody sees it missing.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function filesNamed(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesNamed(full, suffix);
    return e.name.endsWith(suffix) ? [full] : [];
  });
}

/** Leaf paths of a text tree (`columns.name`, `dates.weekdays.3`) with their values. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree !== null && typeof tree === 'object') {
    for (const [k, v] of Object.entries(tree)) for (const [p, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, leaf);
  } else out.set(prefix, tree);
  return out;
}

/**
 * Interpolation names of a text; a trailing Fa/En is dropped, since a parameter may come in the
 * message's own language (`{{nameFa}}` beside `{{nameEn}}`).
 */
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1].replace(/(Fa|En)$/, '')).sort().join(', ');

/** What differs between the fa and en trees of one table: keys only one side has, empty texts, other placeholders. */
function tableProblems(where: string, fa: unknown, en: unknown): string[] {
  const f = leaves(fa);
  const e = leaves(en);
  const problems: string[] = [];
  for (const k of f.keys()) if (!e.has(k)) problems.push(`${where}: "${k}" has no en text`);
  for (const k of e.keys()) if (!f.has(k)) problems.push(`${where}: "${k}" has no fa text`);
  for (const [k, v] of f) {
    if (!e.has(k)) continue;
    const w = e.get(k);
    if (typeof v !== 'string' || v.trim() === '') problems.push(`${where}: "${k}" fa is not a text`);
    else if (typeof w !== 'string' || w.trim() === '') problems.push(`${where}: "${k}" en is not a text`);
    else if (placeholders(v) !== placeholders(w)) problems.push(`${where}: "${k}" fa has {{${placeholders(v)}}}, en has {{${placeholders(w)}}}`);
  }
  return problems;
}

/** A server catalogue as two trees: fa and en, each keyed by the message key. */
function split(catalogue: MessageCatalogue): { fa: Record<string, unknown>; en: Record<string, unknown> } {
  const fa: Record<string, unknown> = {};
  const en: Record<string, unknown> = {};
  for (const [key, texts] of Object.entries(catalogue)) {
    if (texts && 'fa' in texts) fa[key] = texts.fa;
    if (texts && 'en' in texts) en[key] = texts.en;
  }
  return { fa, en };
}

const isCatalogue = (v: unknown): v is MessageCatalogue =>
  v !== null && typeof v === 'object' && Object.values(v).every((t) => t !== null && typeof t === 'object' && ('fa' in t || 'en' in t));

const isTextResource = (v: unknown): v is { ns: string; fa: unknown; en: unknown } =>
  v !== null && typeof v === 'object' && 'ns' in v && 'fa' in v && 'en' in v;

describe('message tables: fa and en have the same keys', () => {
  it('the server\'s (platform and every module\'s *.messages.ts), and no key is defined twice with other texts', async () => {
    const files = filesNamed(path.join(ROOT, 'server/modules'), '.messages.ts');
    expect(files.length).to.be.greaterThan(10);
    const tables: { where: string; catalogue: MessageCatalogue }[] = [{ where: 'server/platform/i18n.ts platformMessages', catalogue: platformMessages }];
    for (const file of files) {
      const exported = Object.entries(await import(pathToFileURL(file).href)).filter(([, v]) => isCatalogue(v));
      expect(exported, `${relative(file)} exports no message catalogue`).to.not.be.empty;
      for (const [name, catalogue] of exported) tables.push({ where: `${relative(file)} ${name}`, catalogue: catalogue as MessageCatalogue });
    }
    const problems = tables.flatMap(({ where, catalogue }) => {
      const { fa, en } = split(catalogue);
      return tableProblems(where, fa, en);
    });
    // The translator merges every catalogue into one: a key defined twice keeps whichever came last.
    const seen = new Map<string, { where: string; texts: string }>();
    for (const { where, catalogue } of tables) {
      for (const [key, texts] of Object.entries(catalogue)) {
        const before = seen.get(key);
        const now = JSON.stringify(texts);
        if (before && before.texts !== now) problems.push(`"${key}" is defined in ${before.where} and again, differently, in ${where}`);
        seen.set(key, { where, texts: now });
      }
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('the client\'s (every client/src/**/*.i18n.ts namespace)', async () => {
    const files = filesNamed(path.join(ROOT, 'client/src'), '.i18n.ts');
    expect(files.length).to.be.greaterThan(20);
    const problems: string[] = [];
    for (const file of files) {
      const resources = Object.values(await import(pathToFileURL(file).href)).filter(isTextResource);
      expect(resources, `${relative(file)} exports no text resource`).to.not.be.empty;
      for (const r of resources) problems.push(...tableProblems(`${relative(file)} (${r.ns})`, r.fa, r.en));
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('names what is missing', () => {
    expect(tableProblems('t', { a: 'الف', b: { c: 'ج' }, d: 'سلام {{name}}' }, { a: 'A', b: {}, e: 'E', d: 'Hello {{who}}' })).to.deep.equal([
      't: "b.c" has no en text',
      't: "e" has no fa text',
      't: "d" fa has {{name}}, en has {{who}}',
    ]);
    const { fa, en } = split({ x: { fa: 'ایکس', en: '' }, y: { fa: 'ی' } as unknown as { fa: string; en: string } });
    expect(tableProblems('s', fa, en)).to.deep.equal(['s: "y" has no en text', 's: "x" en is not a text']);
  });
});
