import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { SchemaForm } from '../../shared/ui/form/schema-form';
import {
  draftFromExample, draftOf as formDraftOf, examplesOf, valueOf as formValueOf, type Draft as FormDraft, type JsonSchema,
} from '../../shared/ui/form/schema-form-logic';
import { describedBy, FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { clockTimeOf, ErrorSummary, errorsOf, isHhMm, SearchBox, type FieldErrors } from '../admin-common/kit';
import {
  AGENT_HEALTH_EVENT, linesKeys, senderAgentsApi, type AgentHealth, type AgentHealthPush, type PluginsAnswer, type SenderAgent, type SenderAgentInput,
  type TestConnectionAnswer,
} from './lines-api';
import { isolateText } from '../../shared/ui/bidi';
import { DataText, nodeMarkers, withNodes } from '../../shared/ui/rich-text';
import { UserText } from '../../shared/ui/user-text';

const LIST_REFRESH_MS = 30_000;
const HEALTH_CLASS = { up: 'bg-green-100 text-green-800', degraded: 'bg-amber-100 text-amber-800', down: 'bg-red-100 text-red-800', unknown: 'bg-slate-100 text-slate-700' };

function isHealthPush(value: unknown): value is AgentHealthPush {
  const v = value as AgentHealthPush | null;
  return !!v && typeof v === 'object' && typeof v.agentId === 'number' && (v.state === 'up' || v.state === 'degraded' || v.state === 'down');
}

/** The latest `agent-health` push per agent while the screen is shown (newer than the list's answer). */
function useLiveHealth(): Record<number, AgentHealth> {
  const [live, setLive] = useState<Record<number, AgentHealth>>({});
  useEffect(() => onRealtimeEvent(AGENT_HEALTH_EVENT, (payload) => {
    if (isHealthPush(payload)) {
      const { agentId, state, detail, detailNotes, inFlight, binds, submitsPerSecond, lastError, lastErrorNote } = payload;
      setLive((m) => ({ ...m, [agentId]: { state, detail, detailNotes, inFlight, binds, submitsPerSecond, lastError, lastErrorNote } }));
    }
  }), []);
  return live;
}

type HealthNoteShown = NonNullable<AgentHealth['detailNotes']>[number];

/**
 * One health note in the reader's language: numbers in its digits (the catalogue's formatter),
 * addresses, status names and system error texts as data (left to right, as written).
 */
function HealthNoteText({ note }: { note: HealthNoteShown }) {
  const { t } = useTranslation('lines');
  const params: Record<string, string | number> = note.params ?? {};
  const data = Object.keys(params).filter((name) => typeof params[name] === 'string');
  const sentence = t(`agents.notes.${note.code}`, { ...params, ...nodeMarkers(data) });
  return <>{withNodes(sentence, Object.fromEntries(data.map((name) => [name, <DataText value={String(params[name])} />])))}</>;
}

/** A health's detail: its notes when the plugin gave them, else its text as data (plugins and records of old). */
function HealthDetail({ notes, detail }: { notes: AgentHealth['detailNotes']; detail: string | null | undefined }) {
  const { t } = useTranslation('lines');
  if (!notes || notes.length === 0) return detail ? <DataText value={detail} /> : null;
  return <>{notes.map((note, i) => <Fragment key={i}>{i > 0 && t('agents.noteSeparator')}<HealthNoteText note={note} /></Fragment>)}</>;
}

function HealthBadge({ health, testId = 'agent-health' }: { health: AgentHealth | undefined; testId?: string }) {
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const state = health?.state ?? 'unknown';
  const inFlight = health?.inFlight ?? 0;
  return (
    <span className="inline-flex flex-col items-start gap-0.5" data-testid={testId} data-state={state}>
      <span className={cx('rounded px-2 py-0.5 text-xs font-medium', HEALTH_CLASS[state])}>
        {t(`agents.states.${state}`)}
        {inFlight > 0 && <span className="ms-1">{t('agents.inFlight', { count: digits(inFlight) })}</span>}
      </span>
      {(health?.binds || (health?.submitsPerSecond ?? 0) > 0) && (
        <span className="text-xs text-slate-600 dark:text-slate-300" data-testid={`${testId}-traffic`}>
          {health?.binds && t('agents.binds', { bound: digits(health.binds.bound), total: digits(health.binds.total) })}
          {(health?.submitsPerSecond ?? 0) > 0 && <span className="ms-2">{t('agents.rate', { count: digits(health!.submitsPerSecond!) })}</span>}
        </span>
      )}
      {health?.lastError && state === 'up' && (
        <span className="max-w-xs break-words text-xs text-amber-700 dark:text-amber-300" data-testid={`${testId}-last-error`}>
          {withNodes(t('agents.lastError', nodeMarkers(['error'])), { error: <HealthDetail notes={health.lastErrorNote ? [health.lastErrorNote] : null} detail={health.lastError} /> })}
        </span>
      )}
      {health?.detail && state !== 'up' && (
        <span className="max-w-xs break-words text-xs text-slate-600 dark:text-slate-300" data-testid={`${testId}-detail`}><HealthDetail notes={health.detailNotes} detail={health.detail} /></span>
      )}
    </span>
  );
}

interface Draft {
  title: string; pluginName: string; options: string; maxPerSecond: string; startTime: string; endTime: string;
  isActiveAllTime: boolean; isSendActive: boolean; isActive: boolean;
}
const EMPTY: Draft = { title: '', pluginName: '', options: '{}', maxPerSecond: '10', startTime: '', endTime: '', isActiveAllTime: true, isSendActive: true, isActive: true };

const draftOf = (a: SenderAgent): Draft => ({
  title: a.title, pluginName: a.pluginName, options: JSON.stringify(a.options ?? {}, null, 2), maxPerSecond: String(a.maxPerSecond ?? ''),
  startTime: a.startTime ?? '', endTime: a.endTime ?? '', isActiveAllTime: a.isActiveAllTime, isSendActive: a.isSendActive, isActive: a.isActive,
});

/** The server's `options.<path>` errors by path inside the options, for the generated form. */
function optionErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const v of err.validationErrors) {
    const name = v.propertyName ?? '';
    if (name.startsWith('options.')) out[name.slice('options.'.length)] = out[name.slice(8)] ? `${out[name.slice(8)]} ${v.message}` : v.message;
  }
  return out;
}

function AgentDialog({ original, plugins, onClose, onSaved }: { original: SenderAgent | null; plugins: PluginsAnswer | undefined; onClose(): void; onSaved(): void }) {
  const { api, i18n } = useApp();
  const { t } = useTranslation('lines');
  const { t: tUi } = useTranslation('ui');
  const digits = useDigits();
  const [draft, setDraft] = useState<Draft>(original ? draftOf(original) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [optionErrors, setOptionErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<TestConnectionAnswer | null>(null);
  const fa = i18n.language.startsWith('fa');
  const pluginItems = useMemo(() => (plugins?.plugins ?? []).map((p) => ({ id: p.name, title: `${fa ? p.title.fa : p.title.en} (${p.name} ${p.version})` })), [plugins, fa]);
  const plugin = plugins?.plugins.find((p) => p.name === draft.pluginName);
  const schema = plugin?.optionsSchema as JsonSchema | undefined;
  // A plugin whose options carry the agent's rate (SMPP's maxPerSecond) is asked for it once, there.
  const rateInOptions = !!schema && Object.values(schema.properties ?? {}).some((p) => p['x-agent-rate'] === true);
  // The generated form's draft: the saved options of this agent's plugin, else the new plugin's defaults.
  const [optionsDraft, setOptionsDraft] = useState<FormDraft>(() => (schema ? formDraftOf(schema, original?.options ?? {}) : {}));
  const [draftFor, setDraftFor] = useState<string | null>(schema ? draft.pluginName : null);
  const examples = useMemo(() => (schema ? examplesOf(schema) : []), [schema]);
  // The "start from" choice: the index of the example the form was last filled from ('' = none).
  const [startedFrom, setStartedFrom] = useState('');
  if (schema && draftFor !== draft.pluginName) {
    // Another plugin (or the plugin list arrived): its options start from its own defaults; a
    // secret of another plugin means nothing to this one.
    setDraftFor(draft.pluginName);
    setOptionsDraft(formDraftOf(schema, original && original.pluginName === draft.pluginName ? original.options ?? {} : {}));
    setOptionErrors({});
    setStartedFrom('');
  }
  /** Fills the options from a preset; secrets are never in one, so the form keeps those it holds. */
  const startFrom = (index: string) => {
    setStartedFrom(index);
    const example = examples.find((e) => String(e.index) === index);
    if (!schema || !example) return;
    setOptionsDraft((current) => draftFromExample(schema, example.value, current));
    setOptionErrors({});
  };
  const set = <K extends keyof Draft>(k: K) => (v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  /** The options to send, or null when the form found problems itself (shown under the fields). */
  const readOptions = (local: FieldErrors): Record<string, unknown> | null => {
    if (schema) {
      const { value, issues } = formValueOf(schema, optionsDraft);
      const mine: Record<string, string> = {};
      for (const issue of issues) {
        mine[issue.path] = tUi(issue.key, Object.fromEntries(Object.entries(issue.values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? digits(v) : v])));
      }
      setOptionErrors(mine);
      if (issues.length > 0) { local.options = t('agents.optionsFix'); return null; }
      return value;
    }
    try {
      const options = JSON.parse(draft.options || '{}') as unknown;
      if (!options || typeof options !== 'object' || Array.isArray(options)) { local.options = t('agents.optionsNotObject'); return null; }
      return options as Record<string, unknown>;
    } catch { local.options = t('agents.optionsInvalid'); return null; }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    const options = readOptions(local);
    if (!draft.title.trim()) local.title = t('required');
    if (!draft.pluginName) local.pluginName = t('required');
    for (const k of ['startTime', 'endTime'] as const) if (draft[k].trim() && !isHhMm(draft[k])) local[k] = t('adminCommon:form.invalidTime');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body: SenderAgentInput = {
      id: original?.id, title: draft.title.trim(), pluginName: draft.pluginName, options,
      maxPerSecond: !rateInOptions && draft.maxPerSecond ? Number(toLatinDigits(draft.maxPerSecond)) : undefined,
      startTime: clockTimeOf(draft.startTime),
      endTime: clockTimeOf(draft.endTime),
      isActiveAllTime: draft.isActiveAllTime, isSendActive: draft.isSendActive, isActive: draft.isActive,
    };
    setBusy(true);
    try {
      await (original ? senderAgentsApi.update : senderAgentsApi.create)(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('agents.saved') });
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err));
      setOptionErrors(optionErrorsOf(err));
    } finally { setBusy(false); }
  };

  /** Tests what the form holds now (saved or not); `***` secrets of a saved agent keep their stored values. */
  const test = async () => {
    const local: FieldErrors = {};
    if (!draft.pluginName) local.pluginName = t('required');
    const options = readOptions(local);
    setErrors(local);
    if (Object.keys(local).length || !options) return;
    setTesting(true);
    setTested(null);
    try {
      setTested(await senderAgentsApi.testConnection(api, { id: original?.id, pluginName: draft.pluginName, options }, { quiet: true }));
    } catch (err) {
      setErrors(errorsOf(err));
      setOptionErrors(optionErrorsOf(err));
    } finally { setTesting(false); }
  };

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t(original ? 'agents.edit' : 'agents.create')} data-testid="agent-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="agent-errors" />
        <div className="mb-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <TextField id="agent-title" data-testid="agent-title" label={t('agents.titleField')} value={draft.title} maxLength={200} required error={errors.title}
            onChange={(e) => set('title')(e.target.value)} />
          <Select id="agent-plugin" data-testid="agent-plugin" label={t('agents.plugin')} items={pluginItems} value={draft.pluginName} required loading={!plugins}
            error={errors.pluginName} hint={plugin?.description ? (fa ? plugin.description.fa : plugin.description.en) : undefined}
            onChange={(v) => { set('pluginName')(v === null ? '' : String(v)); setTested(null); }} />
          {!rateInOptions && (
            <>
              <NumericInput id="agent-maxPerSecond" data-testid="agent-maxPerSecond" label={t('agents.maxPerSecond')} value={draft.maxPerSecond}
                hint={t('agents.maxPerSecondHint')} error={errors.maxPerSecond} onValueChange={set('maxPerSecond')} />
              <div />
            </>
          )}
          <TextField id="agent-startTime" data-testid="agent-startTime" label={t('agents.startTime')} value={draft.startTime} maxLength={5} dir="ltr"
            disabled={draft.isActiveAllTime} error={errors.startTime} onChange={(e) => set('startTime')(e.target.value)} />
          <TextField id="agent-endTime" data-testid="agent-endTime" label={t('agents.endTime')} value={draft.endTime} maxLength={5} dir="ltr"
            disabled={draft.isActiveAllTime} error={errors.endTime} onChange={(e) => set('endTime')(e.target.value)} />
          <CheckboxField id="agent-isActiveAllTime" label={t('agents.isActiveAllTime')} checked={draft.isActiveAllTime} onCheckedChange={set('isActiveAllTime')} />
          <CheckboxField id="agent-isSendActive" label={t('agents.isSendActive')} checked={draft.isSendActive} onCheckedChange={set('isSendActive')} />
          <CheckboxField id="agent-isActive" data-testid="agent-isActive" label={t('agents.isActive')} checked={draft.isActive} onCheckedChange={set('isActive')} />
        </div>
        {schema ? (
          <fieldset className="rounded border border-slate-300 p-3 dark:border-slate-600" data-testid="agent-options-fieldset">
            <legend className="px-1 text-sm font-medium">{t('agents.optionsOf', { plugin: fa ? plugin!.title.fa : plugin!.title.en })}</legend>
            {examples.length > 0 && (
              <div className="mb-3 sm:w-1/2">
                <FieldFrame id="agent-preset" label={t('agents.startFrom')} hint={t('agents.startFromHint')} errorText={null}>
                  <select id="agent-preset" data-testid="agent-preset" value={startedFrom} className={inputClass(false)}
                    aria-describedby={describedBy('agent-preset', t('agents.startFromHint'), null)} onChange={(e) => startFrom(e.target.value)}>
                    <option value="">{t('agents.startFromNone')}</option>
                    {examples.map((e) => (
                      <option key={e.index} value={String(e.index)}>{e.name ?? t('agents.presetNumber', { n: digits(e.index + 1) })}</option>
                    ))}
                  </select>
                </FieldFrame>
              </div>
            )}
            <SchemaForm schema={schema} draft={optionsDraft} onChange={setOptionsDraft} errors={optionErrors} idPrefix="agent-option" />
          </fieldset>
        ) : draft.pluginName ? (
          <>
            <label htmlFor="agent-options" className="mb-1 block text-sm font-medium">{t('agents.options')}</label>
            <textarea id="agent-options" data-testid="agent-options" rows={8} dir="ltr" value={draft.options} spellCheck={false}
              aria-invalid={errors.options ? true : undefined} aria-describedby="agent-options-hint"
              onChange={(e) => set('options')(e.target.value)}
              className={cx('w-full rounded border px-3 py-2 font-mono text-xs dark:bg-slate-800', errors.options ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
            <p id="agent-options-hint" className="text-xs text-slate-500">{t('agents.optionsHint')}</p>
            {errors.options && <p className="text-sm text-red-700" data-testid="agent-options-error">{errors.options}</p>}
          </>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2" aria-live="polite">
          <Button variant="secondary" onClick={() => void test()} loading={testing} disabled={!draft.pluginName} data-testid="agent-dialog-test">{t('agents.testConnection')}</Button>
          {testing && <span className="text-sm text-slate-600">{t('agents.testing')}</span>}
          {tested && <TestAnswer answer={tested} testId="agent-dialog-test-result" />}
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="agent-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function TestAnswer({ answer, testId }: { answer: TestConnectionAnswer; testId: string }) {
  const { t } = useTranslation('lines');
  return (
    <span role="status" data-testid={testId} data-state={answer.state} className="text-sm">
      <span className={cx('rounded px-2 py-0.5 text-xs font-medium', HEALTH_CLASS[answer.state])}>{t(`agents.testResult.${answer.state}`)}</span>
      {answer.detail && <span className="ms-2 text-xs text-slate-600 dark:text-slate-300"><HealthDetail notes={answer.detailNotes} detail={answer.detail} /></span>}
    </span>
  );
}

export function SenderAgentsPage() {
  const { api, i18n } = useApp();
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<SenderAgent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SenderAgent | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(linesKeys.agents(), () => senderAgentsApi.list(api),
    { refreshInterval: LIST_REFRESH_MS });
  const live = useLiveHealth();
  const [testing, setTesting] = useState<number | null>(null);
  const [tests, setTests] = useState<Record<number, TestConnectionAnswer>>({});
  const { data: plugins } = useSWR(linesKeys.plugins(), () => senderAgentsApi.plugins(api));
  const [search, setSearch] = useState('');
  // The server answers every agent at once; the table searches (title or plugin) and pages on the client.
  const found = useMemo(() => {
    const term = search.toLocaleLowerCase();
    const items = data?.items ?? [];
    return term ? items.filter((a) => a.title.toLocaleLowerCase().includes(term) || a.pluginName.toLocaleLowerCase().includes(term)) : items;
  }, [data, search]);
  const rows = useMemo(() => found.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), [found, pageIndex, pageSize]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await senderAgentsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('agents.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const testAgent = async (agent: SenderAgent) => {
    setTesting(agent.id);
    // The previous answer goes first: an unchanged second answer must still read as new.
    setTests(({ [agent.id]: _previous, ...rest }) => rest);
    try {
      const answer = await senderAgentsApi.testConnection(api, { id: agent.id });
      setTests((m) => ({ ...m, [agent.id]: answer }));
    } catch { /* the error catalogue told the user */ } finally { setTesting(null); }
  };

  const columns = useMemo<DataTableColumn<SenderAgent>[]>(() => [
    { key: 'id', header: t('agents.columns.id'), cell: (a) => digits(a.id) },
    { key: 'title', header: t('agents.columns.title'), hideable: false, cell: (a) => <UserText data-testid="agent-row-title">{a.title}</UserText> },
    // The plugin's own title in the page's language; its technical name only when it is not loaded.
    { key: 'plugin', header: t('agents.columns.plugin'), cell: (a) => {
      const info = plugins?.plugins.find((p) => p.name === a.pluginName);
      return info ? <UserText>{i18n.language.startsWith('fa') ? info.title.fa : info.title.en}</UserText> : <span dir="ltr">{a.pluginName}</span>;
    } },
    { key: 'maxPerSecond', header: t('agents.columns.maxPerSecond'), cell: (a) => digits(a.maxPerSecond) },
    { key: 'window', header: t('agents.columns.window'), cell: (a) => (a.isActiveAllTime || !a.startTime ? t('agents.allTime') : <span dir="ltr">{digits(`${a.startTime}–${a.endTime ?? ''}`)}</span>) },
    { key: 'active', header: t('agents.columns.active'), cell: (a) => t(a.isActive ? 'lines.active' : 'lines.inactive') },
    {
      key: 'health', header: t('agents.columns.health'), cell: (a) => (
        <div className="flex flex-col gap-1">
          <HealthBadge health={live[a.id] ?? a.health} />
          {tests[a.id] && <TestAnswer answer={tests[a.id]!} testId="agent-test-result" />}
        </div>
      ),
    },
    {
      key: 'actions', header: t('agents.columns.actions'), hideable: false, cell: (a) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={() => setEditing(a)} data-testid="agent-edit">{t('edit')}</Button>
          <Button size="sm" variant="secondary" onClick={() => void testAgent(a)} loading={testing === a.id} data-testid="agent-test">{t('agents.testConnection')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(a)} data-testid="agent-delete">{t('delete')}</Button>
        </div>
      ),
    },
  ], [t, digits, live, tests, testing, plugins, i18n.language]);

  const broken = plugins?.broken ?? [];
  return (
    <section data-testid="sender-agents-page">
      <PageHeader title={t('agents.title')} actions={<Button onClick={() => setEditing('new')} data-testid="agents-create">{t('agents.create')}</Button>} />
      {broken.length > 0 && (
        <p role="alert" className="mb-3 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="agents-broken">
          {t('agents.brokenPlugins', { names: broken.map((b) => b.name).join('، ') })}
        </p>
      )}
      <div className="mb-3"><SearchBox idPrefix="agents" value={search} onSearch={(term) => { setSearch(term); setPageIndex(0); }} /></div>
      <DataTable columns={columns} rows={rows} rowKey={(a) => a.id} loading={isLoading} caption={t('agents.title')}
        emptyText={t('agents.empty')} emptyDescription={t('agents.emptyHint')}
        emptyAction={<Button onClick={() => setEditing('new')} data-testid="agents-empty-create">{t('agents.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={found.length} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="agents-table" />
      {editing && <AgentDialog original={editing === 'new' ? null : editing} plugins={plugins} onClose={() => setEditing(null)}
        onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('deleteTitle')} message={deleting ? t('deleteMessage', { name: isolateText(deleting.title) }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="agent-delete-dialog" />
    </section>
  );
}
