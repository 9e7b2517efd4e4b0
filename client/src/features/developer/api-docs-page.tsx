import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { isPersian } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { TextField } from '../../shared/ui/form/text-field';
import {
  inLanguage, SAMPLE_KINDS, sampleOf, v1Operations, type Json, type OpenApiDoc, type SampleInput, type SampleKind, type V1Operation,
} from './api-docs-samples';
import { developerKeys } from './developer-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { CodeSpans } from '../../shared/ui/rich-text';

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  POST: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  PUT: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100',
  DELETE: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
};
const CODE_CLASS = 'overflow-x-auto whitespace-pre rounded-md bg-gray-900 p-3 text-start font-mono text-xs leading-5 text-gray-100';

/**
 * Copies with the Clipboard API; where it is missing or refused (plain http, an old browser) the
 * block's text is selected and the legacy copy command tried, so the user can still press Ctrl+C.
 */
async function copyText(text: string, block: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch { /* fall through to selecting the text */ }
  if (!block) return false;
  const range = document.createRange();
  range.selectNodeContents(block);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

function CopyButton({ text, block, testId }: { text: string; block: () => HTMLElement | null; testId: string }) {
  const { t } = useTranslation('apidocs');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  // A changed sample (new key or line) is not the copied one any more.
  useEffect(() => setState('idle'), [text]);

  const copy = async () => {
    const done = await copyText(text, block());
    setState(done ? 'copied' : 'failed');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), done ? 2500 : 8000);
  };
  return (
    <div className="flex items-center gap-2">
      <span role="status" aria-live="polite" className="text-xs" data-testid={`${testId}-status`} data-state={state}>
        {state === 'copied' && <span className="text-emerald-700 dark:text-emerald-300">{t('copied')}</span>}
        {state === 'failed' && <span className="text-amber-700 dark:text-amber-300">{t('copyFailed')}</span>}
      </span>
      <Button size="sm" variant="secondary" onClick={() => void copy()} data-testid={testId}>{t('copy')}</Button>
    </div>
  );
}

function SampleTabs({ op, input }: { op: V1Operation; input: SampleInput }) {
  const { t, i18n } = useTranslation('apidocs');
  const [kind, setKind] = useState<SampleKind>('curl');
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const block = useRef<HTMLPreElement | null>(null);
  const code = useMemo(() => sampleOf(kind, op, input), [kind, op, input]);
  const id = (k: string) => `${op.operationId}-sample-${k}`;

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = SAMPLE_KINDS.indexOf(kind);
    // Right to left: the next tab is on the left.
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (e.key === forward) next = (index + 1) % SAMPLE_KINDS.length;
    else if (e.key === back) next = (index - 1 + SAMPLE_KINDS.length) % SAMPLE_KINDS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = SAMPLE_KINDS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setKind(SAMPLE_KINDS[next]!);
    tabs.current[SAMPLE_KINDS[next]!]?.focus();
  };

  return (
    <div className="mt-3 min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-2 border-b border-gray-200 dark:border-gray-700">
        <div role="tablist" aria-label={t('samples')} className="flex gap-1" onKeyDown={move}>
          {SAMPLE_KINDS.map((k) => (
            <button key={k} type="button" role="tab" id={id(`tab-${k}`)} aria-controls={id('panel')} aria-selected={kind === k} tabIndex={kind === k ? 0 : -1}
              ref={(el) => { tabs.current[k] = el; }} onClick={() => setKind(k)} data-testid={`api-sample-tab-${k}`}
              className={`-mb-px border-b-2 px-3 py-1.5 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${kind === k ? 'border-blue-600 font-semibold text-blue-700 dark:text-blue-300' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-300'}`}>
              {t(`sampleKinds.${k}`)}
            </button>
          ))}
        </div>
        <div className="pb-1"><CopyButton text={code} block={() => block.current} testId="api-sample-copy" /></div>
      </div>
      <div role="tabpanel" id={id('panel')} aria-labelledby={id(`tab-${kind}`)} className="mt-2">
        {/* Code is left to right inside the right-to-left page; tabIndex lets a keyboard user scroll it. */}
        <pre ref={block} dir="ltr" tabIndex={0} className={CODE_CLASS} data-testid="api-sample-code" data-kind={kind}><code>{code}</code></pre>
      </div>
    </div>
  );
}

function FieldsTable({ op }: { op: V1Operation }) {
  const { t, i18n } = useTranslation('apidocs');
  const persian = isPersian(i18n.language);
  if (op.fields.length === 0) return <p className="text-sm text-gray-500 dark:text-gray-400">{t('noFields')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="api-op-fields">
        <caption className="sr-only">{t('fields')}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-start text-gray-600 dark:border-gray-700 dark:text-gray-300">
            {(['name', 'in', 'type', 'required', 'rules', 'description'] as const).map((c) => <th key={c} scope="col" className="px-2 py-1 text-start font-medium">{t(`columns.${c}`)}</th>)}
          </tr>
        </thead>
        <tbody>
          {op.fields.map((f) => (
            <tr key={`${f.in}-${f.name}`} className="border-b border-gray-100 align-top dark:border-gray-800">
              <td className="px-2 py-1"><code dir="ltr">{f.name}</code></td>
              <td className="px-2 py-1">{t(`where.${f.in}`, { defaultValue: f.in })}</td>
              <td className="px-2 py-1"><code dir="ltr">{f.type}</code></td>
              <td className="px-2 py-1">{t(f.required ? 'yes' : 'no')}</td>
              <td className="px-2 py-1"><span dir="ltr">{f.rules}</span></td>
              <td className="px-2 py-1"><span dir="auto"><CodeSpans text={inLanguage(f.description, persian)} /></span></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OperationCard({ op, input }: { op: V1Operation; input: SampleInput }) {
  const { t, i18n } = useTranslation('apidocs');
  const persian = isPersian(i18n.language);
  const titleId = `${op.operationId}-title`;
  return (
    <article id={op.operationId} aria-labelledby={titleId} data-testid="api-op" data-operation={`${op.method} ${op.path}`}
      className="min-w-0 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <h2 id={titleId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <span dir="ltr" className="inline-flex items-center gap-2">
          <span className={`rounded px-2 py-0.5 font-mono text-xs ${METHOD_COLOURS[op.method] ?? ''}`}>{op.method}</span>
          <code className="font-mono text-sm">{op.path}</code>
        </span>
        <span data-testid="api-op-summary">{persian ? op.summary.fa : op.summary.en}</span>
      </h2>
      <p className="mt-2 whitespace-pre-line text-sm text-gray-700 dark:text-gray-300"><CodeSpans text={persian ? op.description.fa : op.description.en} /></p>
      <h3 className="mt-3 mb-1 text-sm font-semibold">{t('fields')}</h3>
      <FieldsTable op={op} />
      <h3 className="mt-3 text-sm font-semibold">{t('samples')}</h3>
      <SampleTabs op={op} input={input} />
      {op.answer !== undefined && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold">{t('answer')}</summary>
          <pre dir="ltr" tabIndex={0} className={`${CODE_CLASS} mt-2`}><code>{JSON.stringify(op.answer as Json, null, 2)}</code></pre>
        </details>
      )}
    </article>
  );
}

/**
 * "REST API": the v1 calls as the server's OpenAPI document lists them (so a call added on the
 * server appears here with no client change), each with its fields and ready-to-run samples that
 * carry this panel's address, the user's first line and — only if pasted here — their key. The key
 * lives in this component's state only: secrets are never re-shown by the server.
 */
export function ApiDocsPage() {
  const { api, apiRoot } = useApp();
  const { t, i18n } = useTranslation('apidocs');
  const persian = isPersian(i18n.language);
  const [apiKey, setApiKey] = useState('');
  const [lineId, setLineId] = useState<number | null>(null);

  const docs = useSWR<OpenApiDoc>(developerKeys.openApi(apiRoot), async () => {
    const res = await fetch(`${apiRoot}/docs/openapi.json`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as OpenApiDoc;
  }, { revalidateOnFocus: false });
  // The sample's `line`: the user's first line open to API sends (the send calls are of type Api).
  const lines = useSWR(linesKeys.myNumbers('Api'), () => getMyNumbers(api, { sendType: 'Api' }, { quiet: true }), { revalidateOnFocus: false });
  const chosenLine = lineId ?? lines.data?.[0]?.id ?? null;

  const operations = useMemo(() => (docs.data ? v1Operations(docs.data) : []), [docs.data]);
  const apiBase = useMemo(() => new URL(`${apiRoot.replace(/\/+$/, '')}/`, window.location.origin).href.replace(/\/+$/, ''), [apiRoot]);
  const input = useMemo<SampleInput>(() => ({ apiBase, apiKey: apiKey.trim(), line: chosenLine, language: persian ? 'fa' : 'en' }), [apiBase, apiKey, chosenLine, persian]);

  return (
    <section className="min-w-0" data-testid="api-docs-page">
      <PageHeader title={t('title')} actions={(
        <>
          <Link to="/developer/api-tokens" className="text-sm text-sky-700 underline dark:text-sky-300">{t('tokens')}</Link>
          <a href={`${apiRoot}/docs/`} target="_blank" rel="noopener noreferrer" className="text-sm text-sky-700 underline dark:text-sky-300" data-testid="api-docs-swagger">{t('swagger')}</a>
        </>
      )} />
      <p className="mb-4 max-w-3xl text-sm text-gray-700 dark:text-gray-300"><CodeSpans text={t('intro')} /></p>

      <fieldset className="mb-6 grid max-w-3xl gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <legend className="px-1 text-sm font-semibold">{t('settings')}</legend>
        <TextField id="api-docs-key" label={t('apiKey')} hint={t('apiKeyHint')} value={apiKey} dir="ltr" type="password" autoComplete="off" spellCheck={false}
          onChange={(e) => setApiKey(e.target.value)} data-testid="api-docs-key" />
        <div>
          <label htmlFor="api-docs-line" className="mb-1 block text-sm font-medium">{t('line')}</label>
          {lines.data && lines.data.length === 0 ? <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="api-docs-no-line">{t('noLine')}</p> : (
            <select id="api-docs-line" value={chosenLine ?? ''} onChange={(e) => setLineId(Number(e.target.value))} disabled={!lines.data} data-testid="api-docs-line"
              className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-800">
              {(lines.data ?? []).map((l) => <option key={l.id} value={l.id}>{l.mask ? `${l.number} (${l.mask})` : l.number}</option>)}
            </select>
          )}
        </div>
        <p className="text-sm">{t('baseUrl')}: <code dir="ltr" data-testid="api-docs-base">{apiBase}</code></p>
      </fieldset>

      {docs.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="api-docs-error">
          {t('loadError')}
          <Button size="sm" variant="secondary" onClick={() => void docs.mutate()}>{t('retry')}</Button>
        </div>
      ) : !docs.data ? (
        <Spinner label={t('loading')} data-testid="api-docs-loading" />
      ) : operations.length === 0 ? (
        <p data-testid="api-docs-empty">{t('empty')}</p>
      ) : (
        <>
          <nav aria-label={t('operations')} className="mb-4">
            <ul className="flex flex-wrap gap-2 text-sm">
              {operations.map((op) => (
                <li key={op.operationId}><a href={`#${op.operationId}`} className="text-sky-700 underline dark:text-sky-300">{persian ? op.summary.fa : op.summary.en}</a></li>
              ))}
            </ul>
          </nav>
          <div className="grid min-w-0 grid-cols-1 gap-4">
            {operations.map((op) => <OperationCard key={op.operationId} op={op} input={input} />)}
          </div>
        </>
      )}
    </section>
  );
}
