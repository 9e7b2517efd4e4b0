import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
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
import { ErrorSummary, errorsOf, isHhMm, type FieldErrors } from '../admin-common/kit';
import type { AgentHealth, PluginsAnswer, SenderAgent } from './lines-api';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';

const HEALTH_REFRESH_MS = 30_000;
const HEALTH_CLASS = { up: 'bg-green-100 text-green-800', degraded: 'bg-amber-100 text-amber-800', down: 'bg-red-100 text-red-800', unknown: 'bg-slate-100 text-slate-700' };

function HealthBadge({ agentId }: { agentId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const { data, error } = useSWR<AgentHealth>(['agent-health', agentId], () => api.get<AgentHealth>(`/SenderAgents/GetHealth/${agentId}`, { quiet: true }),
    { refreshInterval: HEALTH_REFRESH_MS });
  const state = data?.state ?? (error ? 'down' : 'unknown');
  return (
    <span className={cx('rounded px-2 py-0.5 text-xs font-medium', HEALTH_CLASS[state])} title={data?.detail} data-testid="agent-health" data-state={state}>
      {t(`agents.states.${state}`)}
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

function AgentDialog({ original, plugins, onClose, onSaved }: { original: SenderAgent | null; plugins: PluginsAnswer | undefined; onClose(): void; onSaved(): void }) {
  const { api, i18n } = useApp();
  const { t } = useTranslation('lines');
  const [draft, setDraft] = useState<Draft>(original ? draftOf(original) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const fa = i18n.language.startsWith('fa');
  const pluginItems = useMemo(() => (plugins?.plugins ?? []).map((p) => ({ id: p.name, title: `${fa ? p.title.fa : p.title.en} (${p.name} ${p.version})` })), [plugins, fa]);
  const set = <K extends keyof Draft>(k: K) => (v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    let options: unknown;
    try {
      options = JSON.parse(draft.options || '{}');
      if (!options || typeof options !== 'object' || Array.isArray(options)) local.options = t('agents.optionsNotObject');
    } catch { local.options = t('agents.optionsInvalid'); }
    if (!draft.title.trim()) local.title = t('required');
    if (!draft.pluginName) local.pluginName = t('required');
    for (const k of ['startTime', 'endTime'] as const) if (draft[k].trim() && !isHhMm(draft[k])) local[k] = t('adminCommon:form.invalidTime');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = {
      id: original?.id, title: draft.title.trim(), pluginName: draft.pluginName, options,
      maxPerSecond: draft.maxPerSecond ? Number(toLatinDigits(draft.maxPerSecond)) : undefined,
      startTime: draft.startTime.trim() ? toLatinDigits(draft.startTime.trim()) : null,
      endTime: draft.endTime.trim() ? toLatinDigits(draft.endTime.trim()) : null,
      isActiveAllTime: draft.isActiveAllTime, isSendActive: draft.isSendActive, isActive: draft.isActive,
    };
    setBusy(true);
    try {
      await api.post(original ? '/SenderAgents/Update' : '/SenderAgents/Create', body, { quiet: true });
      showToast({ kind: 'success', message: t('agents.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t(original ? 'agents.edit' : 'agents.create')} data-testid="agent-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="agent-errors" />
        <div className="mb-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <TextField id="agent-title" data-testid="agent-title" label={t('agents.titleField')} value={draft.title} maxLength={200} required error={errors.title}
            onChange={(e) => set('title')(e.target.value)} />
          <Select id="agent-plugin" data-testid="agent-plugin" label={t('agents.plugin')} items={pluginItems} value={draft.pluginName} required loading={!plugins}
            error={errors.pluginName} onChange={(v) => set('pluginName')(v === null ? '' : String(v))} />
          <NumericInput id="agent-maxPerSecond" data-testid="agent-maxPerSecond" label={t('agents.maxPerSecond')} value={draft.maxPerSecond}
            error={errors.maxPerSecond} onValueChange={set('maxPerSecond')} />
          <div />
          <TextField id="agent-startTime" data-testid="agent-startTime" label={t('agents.startTime')} value={draft.startTime} maxLength={5} dir="ltr"
            disabled={draft.isActiveAllTime} error={errors.startTime} onChange={(e) => set('startTime')(e.target.value)} />
          <TextField id="agent-endTime" data-testid="agent-endTime" label={t('agents.endTime')} value={draft.endTime} maxLength={5} dir="ltr"
            disabled={draft.isActiveAllTime} error={errors.endTime} onChange={(e) => set('endTime')(e.target.value)} />
          <CheckboxField id="agent-isActiveAllTime" label={t('agents.isActiveAllTime')} checked={draft.isActiveAllTime} onCheckedChange={set('isActiveAllTime')} />
          <CheckboxField id="agent-isSendActive" label={t('agents.isSendActive')} checked={draft.isSendActive} onCheckedChange={set('isSendActive')} />
          <CheckboxField id="agent-isActive" data-testid="agent-isActive" label={t('agents.isActive')} checked={draft.isActive} onCheckedChange={set('isActive')} />
        </div>
        <label htmlFor="agent-options" className="mb-1 block text-sm font-medium">{t('agents.options')}</label>
        <textarea id="agent-options" data-testid="agent-options" rows={8} dir="ltr" value={draft.options} spellCheck={false}
          aria-invalid={errors.options ? true : undefined} aria-describedby="agent-options-hint"
          onChange={(e) => set('options')(e.target.value)}
          className={cx('w-full rounded border px-3 py-2 font-mono text-xs dark:bg-slate-800', errors.options ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
        <p id="agent-options-hint" className="text-xs text-slate-500">{t('agents.optionsHint')}</p>
        {errors.options && <p className="text-sm text-red-700" data-testid="agent-options-error">{errors.options}</p>}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="agent-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function SenderAgentsPage() {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<SenderAgent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SenderAgent | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR<Page<SenderAgent>>('/SenderAgents/GetAll', () => api.get<Page<SenderAgent>>('/SenderAgents/GetAll'));
  const { data: plugins } = useSWR<PluginsAnswer>('/SenderAgents/GetPlugins', () => api.get<PluginsAnswer>('/SenderAgents/GetPlugins'));
  // The server answers every agent at once; the table pages on the client.
  const rows = useMemo(() => (data?.items ?? []).slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), [data, pageIndex, pageSize]);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/SenderAgents/Delete/${deleting.id}`);
      showToast({ kind: 'success', message: t('agents.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<SenderAgent>[]>(() => [
    { key: 'id', header: t('agents.columns.id'), cell: (a) => digits(a.id) },
    { key: 'title', header: t('agents.columns.title'), hideable: false, cell: (a) => <UserText data-testid="agent-row-title">{a.title}</UserText> },
    { key: 'plugin', header: t('agents.columns.plugin'), cell: (a) => <span dir="ltr">{a.pluginName}</span> },
    { key: 'maxPerSecond', header: t('agents.columns.maxPerSecond'), cell: (a) => digits(a.maxPerSecond) },
    { key: 'window', header: t('agents.columns.window'), cell: (a) => (a.isActiveAllTime || !a.startTime ? t('agents.allTime') : <span dir="ltr">{digits(`${a.startTime}–${a.endTime ?? ''}`)}</span>) },
    { key: 'active', header: t('agents.columns.active'), cell: (a) => t(a.isActive ? 'lines.active' : 'lines.inactive') },
    { key: 'health', header: t('agents.columns.health'), cell: (a) => <HealthBadge agentId={a.id} /> },
    {
      key: 'actions', header: t('agents.columns.actions'), hideable: false, cell: (a) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={() => setEditing(a)} data-testid="agent-edit">{t('edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(a)} data-testid="agent-delete">{t('delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  const broken = plugins?.broken ?? [];
  return (
    <section data-testid="sender-agents-page">
      <PageHeader title={t('agents.title')} actions={<Button onClick={() => setEditing('new')} data-testid="agents-create">{t('agents.create')}</Button>} />
      {broken.length > 0 && (
        <p role="alert" className="mb-3 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="agents-broken">
          {t('agents.brokenPlugins', { names: broken.map((b) => b.name ?? b.path ?? '?').join('، ') })}
        </p>
      )}
      <DataTable columns={columns} rows={rows} rowKey={(a) => a.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('agents.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="agents-table" />
      {editing && <AgentDialog original={editing === 'new' ? null : editing} plugins={plugins} onClose={() => setEditing(null)}
        onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('deleteTitle')} message={deleting ? t('deleteMessage', { name: isolateText(deleting.title) }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="agent-delete-dialog" />
    </section>
  );
}
