import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { SecretOnceDialog } from './secret-once-dialog';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useDigits } from '../../shared/ui/use-digits';
import { developerKeys, webhooksApi, type Webhook, type WebhookDetail, type WebhookWithSecret as WithSecret } from './developer-api';

export type { Webhook };
export type WebhookType = Webhook['webhookType'];

const TYPES: WebhookType[] = ['DeliveryStatus', 'Inbound'];

function Select({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: { value: string; text: string }[]; onChange(v: string): void }) {
  return (
    <FieldFrame id={id} label={label} errorText={null}>
      <select id={id} data-testid={id} value={value} className={inputClass(false)} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.text}</option>)}
      </select>
    </FieldFrame>
  );
}

/** Create (any type) or edit (address, tries, status: the type of a webhook stays what it was made as). */
function WebhookDialog({ editing, onClose, onSaved }: { editing: Webhook | null; onClose(): void; onSaved(w: WebhookDetail | WithSecret): void }) {
  const { api } = useApp();
  const { t } = useTranslation('webhooks');
  const digits = useDigits();
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [webhookType, setWebhookType] = useState<WebhookType>(editing?.webhookType ?? 'DeliveryStatus');
  const [tryCount, setTryCount] = useState(String(editing?.tryCount ?? 5));
  const [status, setStatus] = useState(editing?.status ?? 'Active');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) { setErrors({ url: t('required') }); return; }
    setBusy(true);
    try {
      const common = { url: url.trim(), tryCount: Number(tryCount), status };
      onSaved(editing
        ? await webhooksApi.update(api, { id: editing.id, ...common }, { quiet: true })
        : await webhooksApi.create(api, { ...common, webhookType, encoding: 'utf-8' }, { quiet: true }));
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="webhook-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="webhook-errors" />
        <div className="mb-3 grid gap-3">
          <TextField id="webhook-url" data-testid="webhook-url" label={t('url')} hint={t('urlHint')} value={url} dir="ltr" maxLength={2000} required error={errors.url} onChange={(e) => setUrl(e.target.value)} />
          {!editing && <Select id="webhook-type" label={t('webhookType')} value={webhookType} onChange={(v) => setWebhookType(v as WebhookType)} options={TYPES.map((v) => ({ value: v, text: t(`types.${v}`) }))} />}
          <Select id="webhook-try-count" label={t('tryCount')} value={tryCount} onChange={setTryCount} options={Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), text: digits(i + 1) }))} />
          <Select id="webhook-status" label={t('status')} value={status} onChange={(v) => setStatus(v as Webhook['status'])} options={(['Active', 'Disabled'] as const).map((v) => ({ value: v, text: t(`statuses.${v}`) }))} />
          <TextField id="webhook-encoding" label={t('encoding')} value="utf-8" dir="ltr" readOnly />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="webhook-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function WebhooksPage() {
  const { api } = useApp();
  const { t } = useTranslation('webhooks');
  const [dialog, setDialog] = useState<{ editing: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ kind: 'delete' | 'rotate'; hook: Webhook } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading, mutate } = useSWR(developerKeys.webhooks(), () => webhooksApi.list(api));

  const act = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.kind === 'delete') {
        await webhooksApi.delete(api, confirming.hook.id);
        showToast({ kind: 'success', message: t('deleted') });
      } else {
        setSecret((await webhooksApi.rotateSecret(api, confirming.hook.id)).secret);
      }
      setConfirming(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const test = async (hook: Webhook) => {
    try {
      await webhooksApi.test(api, hook.id);
      showToast({ kind: 'success', message: t('tested') });
      await mutate();
    } catch { /* told */ }
  };

  const columns = useMemo<DataTableColumn<Webhook>[]>(() => [
    { key: 'url', header: t('columns.url'), hideable: false, cell: (r) => <span dir="ltr" className="break-all">{r.url}</span> },
    { key: 'webhookType', header: t('columns.webhookType'), cell: (r) => t(`events.${r.webhookType}`) },
    { key: 'status', header: t('columns.status'), cell: (r) => t(`statuses.${r.status}`) },
    { key: 'tryCount', header: t('columns.tryCount'), cell: (r) => r.tryCount },
    { key: 'pending', header: t('columns.pending'), cell: (r) => r.pendingCount ?? 0 },
    { key: 'failed', header: t('columns.failed'), cell: (r) => r.failedCount ?? 0 },
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? r.userId },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          <Link to={`/developer/webhooks/${r.id}/deliveries`} className="text-sky-700 underline" data-testid="webhook-deliveries">{t('deliveries')}</Link>
          <Button size="sm" variant="secondary" onClick={() => void test(r)} disabled={r.status !== 'Active'} data-testid="webhook-test">{t('test')}</Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: r })} data-testid="webhook-edit">{t('edit')}</Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming({ kind: 'rotate', hook: r })} data-testid="webhook-rotate">{t('rotate')}</Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming({ kind: 'delete', hook: r })} data-testid="webhook-delete">{t('delete')}</Button>
        </div>
      ),
    },
  // The actions close over `mutate` of the current key.
  ], [t, mutate]);

  const all = data?.items ?? [];
  const rows = data ? all.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) : undefined;
  return (
    <section data-testid="webhooks-page">
      <PageHeader title={t('title')} actions={<Button onClick={() => setDialog({ editing: null })} data-testid="webhook-create">{t('create')}</Button>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} loading={isLoading} emptyText={t('empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(s) => { setPageSize(s); setPageIndex(0); }} data-testid="webhooks-table" />
      {dialog && (
        <WebhookDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={(saved) => {
          setDialog(null);
          if ('secret' in saved) setSecret(saved.secret);
          void mutate();
        }} />
      )}
      {secret && <SecretOnceDialog secret={secret} testIdPrefix="webhook" onClose={() => setSecret(null)}
        texts={{ title: t('secretTitle'), warning: t('secretWarning'), copy: t('copy'), copied: t('copied'), close: t('close') }} />}
      <ConfirmDialog open={!!confirming} busy={busy} danger={confirming?.kind === 'delete'}
        title={confirming ? t(confirming.kind === 'delete' ? 'deleteTitle' : 'rotateTitle') : ''}
        message={confirming ? t(confirming.kind === 'delete' ? 'deleteMessage' : 'rotateMessage', { url: isolateText(confirming.hook.url) }) : undefined}
        confirmText={confirming ? t(confirming.kind) : undefined} onConfirm={() => void act()} onCancel={() => setConfirming(null)} data-testid="webhook-confirm-dialog" />
    </section>
  );
}
