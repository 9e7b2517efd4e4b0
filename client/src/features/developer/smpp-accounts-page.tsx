import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { Select } from '../../shared/ui/select/select';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useDigits } from '../../shared/ui/use-digits';
import { developerKeys, smppAccountsApi, type SmppAccount } from './developer-api';
import { CodeSpans } from '../../shared/ui/rich-text';

interface FormState {
  systemId: string; password: string; userId: string; title: string; allowedIps: string; maxBinds: string; windowSize: string;
  throughput: string; defaultLineId: string; apiTokenId: string; active: boolean;
}

const EMPTY: FormState = { systemId: '', password: '', userId: '', title: '', allowedIps: '', maxBinds: '4', windowSize: '100', throughput: '100', defaultLineId: '', apiTokenId: '', active: true };

const optionalInt = (v: string) => (v.trim() === '' ? null : Number(v.trim()));

interface UserOption { id: number; userName: string; firstName: string | null; lastName: string | null; organizationName: string }

const userTitle = (u: UserOption) => {
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return `${name ? `${name} (${u.userName})` : u.userName} — ${u.organizationName}`;
};

/** Create or edit: an edit leaves the password as it is unless a new one is typed. */
function AccountDialog({ editing, onClose, onSaved }: { editing: SmppAccount | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const [f, setF] = useState<FormState>(editing ? {
    systemId: editing.systemId, password: '', userId: String(editing.userId), title: editing.title, allowedIps: editing.allowedIps.join('\n'),
    maxBinds: String(editing.maxBinds), windowSize: String(editing.windowSize), throughput: String(editing.throughput),
    defaultLineId: editing.defaultLineId ? String(editing.defaultLineId) : '', apiTokenId: editing.apiTokenId ? String(editing.apiTokenId) : '', active: editing.status === 'Active',
  } : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => setF({ ...f, [key]: e.target.value });
  // Pickers, not ids: the users of the caller's slice, then that user's usable lines and tokens.
  const { data: users, isLoading: usersLoading } = useSWR(editing ? null : developerKeys.smppUsers(), () => smppAccountsApi.users(api, { pageSize: 500 }));
  const userItems = useMemo(() => (users?.items ?? []).map((u) => ({ id: u.id, title: userTitle(u) })), [users]);
  const { data: choices, isLoading: choicesLoading } = useSWR(f.userId ? developerKeys.smppUserChoices(f.userId) : null, () => smppAccountsApi.userChoices(api, f.userId));
  const lineItems = useMemo(() => (choices?.lines ?? []).map((l) => ({ id: l.id, title: l.number })), [choices]);
  const tokenItems = useMemo(() => (choices?.apiTokens ?? []).map((k) => ({
    id: k.id, title: k.status === 'Active' ? `${k.title} (${k.prefix}…)` : t('smpp.revokedToken', { title: `${k.title} (${k.prefix}…)` }),
  })), [choices, t]);
  const pickId = (key: 'userId' | 'defaultLineId' | 'apiTokenId') => (value: string | number | null) =>
    setF((prev) => (key === 'userId' ? { ...prev, userId: value === null ? '' : String(value), defaultLineId: '', apiTokenId: '' } : { ...prev, [key]: value === null ? '' : String(value) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (!editing && !f.systemId.trim()) missing.systemId = t('required');
    if (!editing && !f.password) missing.password = t('required');
    if (!editing && !f.userId.trim()) missing.userId = t('required');
    if (Object.keys(missing).length > 0) { setErrors(missing); return; }
    const common = {
      title: f.title.trim(), allowedIps: f.allowedIps.split(/[\s,]+/).filter(Boolean), maxBinds: Number(f.maxBinds), windowSize: Number(f.windowSize),
      throughput: Number(f.throughput), defaultLineId: optionalInt(f.defaultLineId), apiTokenId: optionalInt(f.apiTokenId), status: f.active ? 'Active' : 'Disabled',
    };
    setBusy(true);
    try {
      if (editing) await smppAccountsApi.update(api, { id: editing.id, ...common, ...(f.password ? { password: f.password } : {}) }, { quiet: true });
      else await smppAccountsApi.create(api, { systemId: f.systemId.trim(), password: f.password, userId: Number(f.userId), ...common }, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'smpp.edit' : 'smpp.create')} data-testid="smpp-account-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="smpp-account-errors" />
        <div className="mb-3 grid gap-3 sm:grid-cols-2">
          <TextField id="smpp-system-id" data-testid="smpp-system-id" label={<CodeSpans text={t('smpp.systemId')} />} value={f.systemId} dir="ltr" maxLength={15} required={!editing} disabled={!!editing} error={errors.systemId} onChange={set('systemId')} />
          <TextField id="smpp-password" data-testid="smpp-password" type="password" label={t(editing ? 'smpp.newPassword' : 'smpp.password')} value={f.password} dir="ltr" maxLength={8} required={!editing} error={errors.password} onChange={set('password')} />
          {editing
            ? <TextField id="smpp-user-id" data-testid="smpp-user-id" label={t('smpp.userId')} value={editing.userName ?? ''} disabled />
            : <Select id="smpp-user-id" data-testid="smpp-user-id" label={t('smpp.userId')} items={userItems} value={f.userId} loading={usersLoading} required
                error={errors.userId} onChange={pickId('userId')} />}
          <TextField id="smpp-title" data-testid="smpp-title" label={t('titleField')} value={f.title} maxLength={100} error={errors.title} onChange={set('title')} />
          <TextField id="smpp-max-binds" label={t('smpp.maxBinds')} value={f.maxBinds} dir="ltr" inputMode="numeric" error={errors.maxBinds} onChange={set('maxBinds')} />
          <TextField id="smpp-window" label={t('smpp.windowSize')} value={f.windowSize} dir="ltr" inputMode="numeric" error={errors.windowSize} onChange={set('windowSize')} />
          <TextField id="smpp-throughput" label={t('smpp.throughput')} value={f.throughput} dir="ltr" inputMode="numeric" error={errors.throughput} onChange={set('throughput')} />
          <Select id="smpp-default-line" data-testid="smpp-default-line" label={t('smpp.defaultLineId')} items={lineItems} value={f.defaultLineId} loading={choicesLoading}
            disabled={!f.userId} placeholder={f.userId ? t('smpp.noLine') : t('smpp.pickUserFirst')} error={errors.defaultLineId} onChange={pickId('defaultLineId')} />
          <Select id="smpp-api-token" data-testid="smpp-api-token" label={t('smpp.apiTokenId')} items={tokenItems} value={f.apiTokenId} loading={choicesLoading}
            disabled={!f.userId} placeholder={f.userId ? t('smpp.noToken') : t('smpp.pickUserFirst')} hint={t('smpp.apiTokenHint')} error={errors.apiTokenId} onChange={pickId('apiTokenId')} />
          <TextField id="smpp-allowed-ips" label={t('smpp.allowedIps')} value={f.allowedIps} dir="ltr" error={errors.allowedIps} onChange={set('allowedIps')} />
          <CheckboxField id="smpp-active" label={t('smpp.active')} checked={f.active} onCheckedChange={(v) => setF({ ...f, active: v })} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="smpp-account-save">{t('smpp.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** SMPP accounts of the built-in SMPP server, with the binds open now in this server process. */
export function SmppAccountsPage() {
  const { api } = useApp();
  const { t } = useTranslation('developer');
  const digits = useDigits();
  const [editing, setEditing] = useState<SmppAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SmppAccount | null>(null);
  const [busy, setBusy] = useState(false);
  // Refreshed every 10 s: the live bind count is the reason to keep this page open.
  const { data, isLoading, mutate } = useSWR(developerKeys.smppAccounts(), () => smppAccountsApi.list(api), { refreshInterval: 10_000 });

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await smppAccountsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('smpp.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<SmppAccount>[]>(() => [
    { key: 'systemId', header: t('smpp.systemIdColumn'), hideable: false, cell: (r) => <code dir="ltr">{r.systemId}</code> },
    { key: 'title', header: t('columns.title'), cell: (r) => r.title || '—' },
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? digits(r.userId) },
    { key: 'limits', header: t('smpp.limits'), cell: (r) => <span dir="ltr">{`${r.maxBinds} / ${r.windowSize} / ${r.throughput}`}</span> },
    { key: 'allowedIps', header: t('smpp.allowedIps'), cell: (r) => (r.allowedIps.length === 0 ? t('smpp.anyIp') : <span dir="ltr">{r.allowedIps.join(', ')}</span>) },
    { key: 'liveBinds', header: t('smpp.liveBinds'), cell: (r) => digits(r.liveBinds ?? 0) },
    { key: 'status', header: t('columns.status'), cell: (r) => t(`smpp.status.${r.status}`) },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(r)} data-testid="smpp-account-edit">{t('smpp.editShort')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)} data-testid="smpp-account-delete">{t('smpp.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  const items = data?.items;
  return (
    <section data-testid="smpp-accounts-page">
      <PageHeader title={t('smpp.title')} actions={<Button onClick={() => setEditing('new')} data-testid="smpp-account-create">{t('smpp.create')}</Button>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('smpp.hint')}</p>
      <DataTable columns={columns} rows={items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('smpp.title')}
        pageIndex={0} pageSize={Math.max(items?.length ?? 0, 20)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined}
        onPageSizeChange={() => undefined} data-testid="smpp-accounts-table" />
      {editing && <AccountDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); showToast({ kind: 'success', message: t('smpp.saved') }); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('smpp.deleteTitle')}
        message={deleting ? t('smpp.deleteMessage', { systemId: isolateText(deleting.systemId) }) : undefined}
        confirmText={t('smpp.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="smpp-account-confirm-dialog" />
    </section>
  );
}
