import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { ApprovalActions, useCanDecide } from '../../shared/ui/approvals/approvals';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { apiTokensApi, developerKeys, type CallLog, type RateRule, type SafeIp } from './developer-api';

const TABS = ['safeIps', 'ipRules', 'clientRules', 'logs'] as const;
type Tab = (typeof TABS)[number];
const PERIOD_TYPES = ['Second', 'Minute', 'Hour', 'Daily'] as const;

function SafeIpsTab({ tokenId }: { tokenId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const canDecide = useCanDecide();
  const [ip, setIp] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const { data, isLoading, mutate } = useSWR(developerKeys.safeIps(tokenId), () => apiTokensApi.safeIps(api, tokenId));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!ip.trim()) { setErrors({ ip: t('required') }); return; }
    setBusy('add');
    try {
      await apiTokensApi.addSafeIp(api, { apiTokenId: tokenId, ip: toLatinDigits(ip.trim()) }, { quiet: true });
      setIp('');
      setErrors({});
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(null); }
  };
  const act = async (row: SafeIp, action: 'Confirm' | 'Reject' | 'UndoConfirm' | 'Delete') => {
    setBusy(`${action}-${row.id}`);
    try {
      if (action === 'Delete') await apiTokensApi.removeSafeIp(api, row.id);
      else await apiTokensApi.decideSafeIp(api, action, row.id);
      showToast({ kind: 'success', message: t('done') });
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };

  const columns = useMemo<DataTableColumn<SafeIp>[]>(() => [
    { key: 'ip', header: t('columns.ip'), hideable: false, cell: (r) => <span dir="ltr">{r.ip}</span> },
    { key: 'status', header: t('columns.status'), cell: (r) => <span data-testid="safe-ip-status">{t(`safeIpStatus.${r.status}`)}</span> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (r) => (
        <div className="flex flex-wrap gap-2">
          <ApprovalActions ns="developer" testId="safe-ip" id={r.id} status={r.status} canDecide={canDecide} busy={busy} onDecide={(a) => void act(r, a)} undo />
          <Button size="sm" variant="danger" loading={busy === `Delete-${r.id}`} onClick={() => void act(r, 'Delete')} data-testid="safe-ip-delete">{t('remove')}</Button>
        </div>
      ),
    },
  ], [t, canDecide, busy]);

  return (
    <div>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">{t('safeIpsHelp')}</p>
      <form noValidate onSubmit={(e) => void add(e)} className="mb-3 flex flex-wrap items-end gap-3" data-testid="safe-ip-form">
        <ErrorSummary errors={errors} testId="safe-ip-errors" />
        <div className="min-w-[16rem]">
          <TextField id="safe-ip-input" data-testid="safe-ip-input" label={t('safeIpField')} hint={t('safeIpHint')} value={ip} dir="ltr" maxLength={50}
            error={errors.ip} onChange={(e) => setIp(e.target.value)} />
        </div>
        <Button type="submit" loading={busy === 'add'} data-testid="safe-ip-add">{t('add')}</Button>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('emptySafeIps')} caption={t('tabs.safeIps')}
        pageIndex={0} pageSize={Math.max(data?.items.length ?? 0, 20)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined} data-testid="safe-ips-table" />
    </div>
  );
}

function RulesTab({ tokenId, ruleType }: { tokenId: number; ruleType: 'Ip' | 'Client' }) {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const digits = useDigits();
  const rules = apiTokensApi.rules[ruleType];
  const prefix = ruleType === 'Ip' ? 'ip-rule' : 'client-rule';
  const empty = { ip: '', clientId: '', endpoint: '*', limit: '', period: '1', periodType: 'Minute' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<string | null>(null);
  const { data, isLoading, mutate } = useSWR(developerKeys.rules(ruleType, tokenId), () => rules.list(api, tokenId));
  const set = (field: keyof typeof empty) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const limit = Number(toLatinDigits(form.limit));
    const period = Number(toLatinDigits(form.period));
    const local: FieldErrors = {};
    if (!Number.isInteger(limit) || limit < 1) local.limit = t('wholeNumber');
    if (!Number.isInteger(period) || period < 1) local.period = t('wholeNumber');
    if (Object.keys(local).length) { setErrors(local); return; }
    setBusy('add');
    try {
      await rules.create(api, {
        apiTokenId: tokenId, ip: toLatinDigits(form.ip.trim()) || null, endpoint: form.endpoint.trim() || '*', limit, period, periodType: form.periodType,
        ...(ruleType === 'Client' ? { clientId: form.clientId.trim() || null } : {}),
      }, { quiet: true });
      setForm(empty);
      setErrors({});
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(null); }
  };
  const remove = async (row: RateRule) => {
    setBusy(`delete-${row.id}`);
    try {
      await rules.delete(api, row.id);
      await mutate();
    } catch { /* told by the catalogue */ } finally { setBusy(null); }
  };

  const periodItems = PERIOD_TYPES.map((p) => ({ id: p, title: t(`periodType.${p}`) }));
  const columns = useMemo<DataTableColumn<RateRule>[]>(() => [
    ...(ruleType === 'Client' ? [{ key: 'clientId', header: t('columns.clientId'), cell: (r: RateRule) => <span dir="ltr">{r.clientId ?? t('eachClient')}</span> }] : []),
    { key: 'ip', header: t('columns.ip'), cell: (r) => (r.ip ? <span dir="ltr">{r.ip}</span> : t('eachAddress')) },
    { key: 'endpoint', header: t('columns.endpoint'), cell: (r) => <code dir="ltr">{r.endpoint}</code> },
    { key: 'limit', header: t('columns.limit'), cell: (r) => t('ruleText', { limit: digits(r.limit), period: digits(r.period), unit: t(`periodType.${r.periodType}`) }) },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (r) => (
        <Button size="sm" variant="danger" loading={busy === `delete-${r.id}`} onClick={() => void remove(r)} data-testid={`${prefix}-delete`}>{t('remove')}</Button>
      ),
    },
  ], [t, digits, busy, ruleType]);

  return (
    <div>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">{t(ruleType === 'Ip' ? 'ipRulesHelp' : 'clientRulesHelp')}</p>
      <form noValidate onSubmit={(e) => void add(e)} className="mb-3 grid gap-3 sm:grid-cols-3" data-testid={`${prefix}-form`}>
        <div className="sm:col-span-3"><ErrorSummary errors={errors} testId={`${prefix}-errors`} /></div>
        {ruleType === 'Client' && (
          <TextField id={`${prefix}-client`} data-testid={`${prefix}-client`} label={t('clientIdField')} hint={t('clientIdHint')} value={form.clientId} dir="ltr" maxLength={100}
            error={errors.clientId} onChange={(e) => set('clientId')(e.target.value)} />
        )}
        <TextField id={`${prefix}-ip`} data-testid={`${prefix}-ip`} label={t('ruleIpField')} hint={t('ruleIpHint')} value={form.ip} dir="ltr" maxLength={45}
          error={errors.ip} onChange={(e) => set('ip')(e.target.value)} />
        <TextField id={`${prefix}-endpoint`} data-testid={`${prefix}-endpoint`} label={t('endpointField')} hint={t('endpointHint')} value={form.endpoint} dir="ltr" maxLength={100}
          error={errors.endpoint} onChange={(e) => set('endpoint')(e.target.value)} />
        <TextField id={`${prefix}-limit`} data-testid={`${prefix}-limit`} label={t('limitField')} value={form.limit} dir="ltr" inputMode="numeric" required
          error={errors.limit} onChange={(e) => set('limit')(e.target.value)} />
        <TextField id={`${prefix}-period`} data-testid={`${prefix}-period`} label={t('periodField')} value={form.period} dir="ltr" inputMode="numeric" required
          error={errors.period} onChange={(e) => set('period')(e.target.value)} />
        <Select id={`${prefix}-period-type`} data-testid={`${prefix}-period-type`} label={t('periodTypeField')} items={periodItems} value={form.periodType} clearable={false}
          required onChange={(v) => set('periodType')(v === null ? 'Minute' : String(v))} />
        <div className="flex items-end"><Button type="submit" loading={busy === 'add'} data-testid={`${prefix}-add`}>{t('add')}</Button></div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('emptyRules')} caption={t(`tabs.${ruleType === 'Ip' ? 'ipRules' : 'clientRules'}`)}
        pageIndex={0} pageSize={Math.max(data?.items.length ?? 0, 20)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined} data-testid={`${prefix}s-table`} />
    </div>
  );
}

const pretty = (text: string | null) => {
  if (!text) return '';
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
};

function LogsTab({ tokenId }: { tokenId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const digits = useDigits();
  const blank = { status: '', path: '', fromDate: '', toDate: '' };
  const [draft, setDraft] = useState(blank);
  const [filters, setFilters] = useState(blank);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading, mutate, isValidating } = useSWR(developerKeys.logs(tokenId, filters, pageIndex, pageSize), () => apiTokensApi.logs(api, {
    tokenId, pageIndex, pageSize, status: filters.status ? Number(toLatinDigits(filters.status)) : undefined, path: filters.path || undefined,
    // Whole days in the browser's own time zone.
    fromDate: filters.fromDate ? new Date(`${filters.fromDate}T00:00:00`).toISOString() : undefined,
    toDate: filters.toDate ? new Date(`${filters.toDate}T23:59:59.999`).toISOString() : undefined,
  }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft });
    setPageIndex(0);
  };
  const columns = useMemo<DataTableColumn<CallLog>[]>(() => [
    { key: 'createdAt', header: t('columns.at'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    { key: 'request', header: t('columns.request'), hideable: false, cell: (r) => <code dir="ltr">{r.requestMethod} {r.requestPath}</code> },
    { key: 'status', header: t('columns.httpStatus'), cell: (r) => <span dir="ltr" data-testid="log-status" className={r.status >= 400 ? 'text-red-700 dark:text-red-400' : undefined}>{digits(r.status)}</span> },
    { key: 'tokenIp', header: t('columns.callerIp'), cell: (r) => <span dir="ltr">{r.tokenIp}</span> },
    { key: 'clientId', header: t('columns.clientId'), cell: (r) => (r.clientId ? <span dir="ltr">{r.clientId}</span> : '—') },
    { key: 'durationMs', header: t('columns.duration'), cell: (r) => t('ms', { value: digits(r.durationMs) }) },
    { key: 'send', header: t('columns.send'), cell: (r) => (r.scheduledMessageId ? <Link className="text-sky-700 underline" to={`/outbox/${r.scheduledMessageId}`}>{digits(Number(r.scheduledMessageId))}</Link> : '—') },
    {
      key: 'details', header: t('columns.details'), cell: (r) => (r.requestBody || r.resultData) && (
        <details>
          <summary className="cursor-pointer text-sky-700">{t('show')}</summary>
          {r.requestBody && (<><div className="mt-1 text-xs font-semibold">{t('requestBody')}</div><pre dir="ltr" className="max-h-48 max-w-md overflow-auto text-xs">{pretty(r.requestBody)}</pre></>)}
          {r.resultData && (<><div className="mt-1 text-xs font-semibold">{t('resultData')}</div><pre dir="ltr" className="max-h-48 max-w-md overflow-auto text-xs">{pretty(r.resultData)}</pre></>)}
        </details>
      ),
    },
  ], [t, digits]);

  return (
    <div>
      <form noValidate onSubmit={apply} className="mb-3 flex flex-wrap items-end gap-3" data-testid="logs-filters">
        <TextField id="logs-status" data-testid="logs-status" label={t('filters.status')} value={draft.status} dir="ltr" inputMode="numeric" maxLength={3}
          onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))} />
        <TextField id="logs-path" data-testid="logs-path" label={t('filters.path')} value={draft.path} dir="ltr" maxLength={100}
          onChange={(e) => setDraft((d) => ({ ...d, path: e.target.value }))} />
        <TextField id="logs-from" data-testid="logs-from" type="date" label={t('filters.fromDate')} value={draft.fromDate} dir="ltr"
          onChange={(e) => setDraft((d) => ({ ...d, fromDate: e.target.value }))} />
        <TextField id="logs-to" data-testid="logs-to" type="date" label={t('filters.toDate')} value={draft.toDate} dir="ltr"
          onChange={(e) => setDraft((d) => ({ ...d, toDate: e.target.value }))} />
        <div className="flex gap-2">
          <Button type="submit" data-testid="logs-apply">{t('filters.apply')}</Button>
          <Button variant="secondary" onClick={() => { setDraft(blank); setFilters(blank); setPageIndex(0); }}>{t('filters.clear')}</Button>
          <Button variant="ghost" loading={isValidating && !isLoading} onClick={() => void mutate()} data-testid="logs-refresh">{t('refresh')}</Button>
        </div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('emptyLogs')} caption={t('tabs.logs')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="logs-table" />
    </div>
  );
}

/** One token's safe IPs, rate rules and call log, as tabs (WAI-ARIA tabs: arrow keys, Home, End). */
export function ApiTokenDetailPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('developer');
  const tokenId = Number(useParams().id);
  const [tab, setTab] = useState<Tab>('safeIps');
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const { data } = useSWR(developerKeys.tokens(), () => apiTokensApi.list(api));
  const token = data?.items.find((x) => x.id === tokenId);

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    // In a right-to-left page the next tab is on the left.
    const forward = i18n.dir() === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (e.key === forward) next = (index + 1) % TABS.length;
    else if (e.key === back) next = (index - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    e.preventDefault();
    setTab(TABS[next]!);
    refs.current[TABS[next]!]?.focus();
  };

  return (
    <section data-testid="api-token-detail-page">
      <PageHeader title={token ? token.title : t('detailTitle')} subtitle={token ? `${token.prefix}…` : undefined}
        breadcrumbs={<Link to="/developer/api-tokens" className="underline">{t('title')}</Link>} />
      {token?.isIgnoreCheckIp && token.ip && <p className="mb-3 text-sm text-amber-700 dark:text-amber-300" data-testid="ip-check-off">{t('ipCheckOff', { ip: token.ip })}</p>}
      <div role="tablist" aria-label={t('detailTitle')} className="mb-4 flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-700" onKeyDown={move}>
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" id={`api-token-tab-${name}`} aria-controls={`api-token-panel-${name}`} aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1} ref={(el) => { refs.current[name] = el; }} onClick={() => setTab(name)} data-testid={`api-token-tab-${name}`}
            className={`-mb-px border-b-2 px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${tab === name ? 'border-blue-600 font-semibold text-blue-700 dark:text-blue-300' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-300'}`}>
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`api-token-panel-${tab}`} aria-labelledby={`api-token-tab-${tab}`} tabIndex={0}>
        {tab === 'safeIps' && <SafeIpsTab tokenId={tokenId} />}
        {tab === 'ipRules' && <RulesTab key="ip" tokenId={tokenId} ruleType="Ip" />}
        {tab === 'clientRules' && <RulesTab key="client" tokenId={tokenId} ruleType="Client" />}
        {tab === 'logs' && <LogsTab tokenId={tokenId} />}
      </div>
    </section>
  );
}
