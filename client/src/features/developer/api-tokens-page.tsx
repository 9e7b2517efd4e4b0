import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { SecretOnceDialog } from './secret-once-dialog';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { apiTokensApi, developerKeys, type ApiToken, type ApiTokenWithSecret as WithSecret } from './developer-api';

function CreateDialog({ onClose, onCreated }: { onClose(): void; onCreated(t: WithSecret): void }) {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const [title, setTitle] = useState('');
  const [ip, setIp] = useState('');
  const [isCanSend, setIsCanSend] = useState(true);
  const [isIgnoreCheckIp, setIsIgnoreCheckIp] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) { setErrors({ title: t('required') }); return; }
    setBusy(true);
    try {
      onCreated(await apiTokensApi.create(api, { title: title.trim(), ip: ip.trim() || null, isCanSend, isIgnoreCheckIp }, { quiet: true }));
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t('create')} data-testid="api-token-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="api-token-errors" />
        <div className="mb-3 grid gap-3">
          <TextField id="api-token-title" data-testid="api-token-title" label={t('titleField')} value={title} maxLength={100} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <TextField id="api-token-ip" data-testid="api-token-ip" label={t('ip')} value={ip} dir="ltr" maxLength={45} error={errors.ip} onChange={(e) => setIp(e.target.value)} />
          <CheckboxField id="api-token-can-send" label={t('isCanSend')} checked={isCanSend} onCheckedChange={setIsCanSend} />
          <CheckboxField id="api-token-ignore-ip" label={t('isIgnoreCheckIp')} hint={t('isIgnoreCheckIpHint')} checked={isIgnoreCheckIp} onCheckedChange={setIsIgnoreCheckIp} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="api-token-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function ApiTokensPage() {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ kind: 'revoke' | 'rotate'; token: ApiToken } | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(developerKeys.tokens(), () => apiTokensApi.list(api));

  const act = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.kind === 'revoke') {
        await apiTokensApi.revoke(api, confirming.token.id);
        showToast({ kind: 'success', message: t('revoked') });
      } else {
        setSecret((await apiTokensApi.rotate(api, confirming.token.id)).token);
      }
      setConfirming(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<ApiToken>[]>(() => [
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => <Link to={`/developer/api-tokens/${r.id}`} className="text-sky-700 underline" data-testid="api-token-details"><UserText>{r.title}</UserText></Link> },
    { key: 'prefix', header: t('columns.prefix'), cell: (r) => <code dir="ltr">{r.prefix}…</code> },
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? r.userId },
    { key: 'ip', header: t('columns.ip'), cell: (r) => (r.isIgnoreCheckIp || !r.ip ? '—' : <span dir="ltr">{r.ip}</span>) },
    { key: 'isCanSend', header: t('columns.isCanSend'), cell: (r) => t(r.isCanSend ? 'yes' : 'no') },
    { key: 'status', header: t('columns.status'), cell: (r) => t(`status.${r.status}`) },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => r.status !== 'Active' ? '—' : (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setConfirming({ kind: 'rotate', token: r })} data-testid="api-token-rotate">{t('rotate')}</Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming({ kind: 'revoke', token: r })} data-testid="api-token-revoke">{t('revoke')}</Button>
        </div>
      ),
    },
  ], [t]);

  const items = data?.items;
  return (
    <section data-testid="api-tokens-page">
      <PageHeader title={t('title')} actions={<Button onClick={() => setCreating(true)} data-testid="api-token-create">{t('create')}</Button>} />
      <DataTable columns={columns} rows={items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('title')}
        pageIndex={0} pageSize={Math.max(items?.length ?? 0, 20)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined}
        onPageSizeChange={() => undefined} data-testid="api-tokens-table" />
      {creating && <CreateDialog onClose={() => setCreating(false)} onCreated={(created) => { setCreating(false); setSecret(created.token); void mutate(); }} />}
      {secret && <SecretOnceDialog secret={secret} testIdPrefix="api-token" onClose={() => setSecret(null)}
        texts={{ title: t('secretTitle'), warning: t('secretWarning'), copy: t('copy'), copied: t('copied'), close: t('close') }} />}
      <ConfirmDialog open={!!confirming} busy={busy} danger={confirming?.kind === 'revoke'}
        title={confirming ? t(confirming.kind === 'revoke' ? 'revokeTitle' : 'rotateTitle') : ''}
        message={confirming ? t(confirming.kind === 'revoke' ? 'revokeMessage' : 'rotateMessage', { title: isolateText(confirming.token.title) }) : undefined}
        confirmText={confirming ? t(confirming.kind) : undefined} onConfirm={() => void act()} onCancel={() => setConfirming(null)} data-testid="api-token-confirm-dialog" />
    </section>
  );
}
