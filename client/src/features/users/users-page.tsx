import { useMemo, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { isStrongPassword } from '../../shared/ui/form/validators';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { OrganizationPicker } from '../admin-common/pickers';
import { errorsOf, SearchBox, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { UserFormDialog } from './user-form';
import { userLookups, usersApi, usersKeys, type HistoryRow, type User, type UserListItem } from './users-api';
import { isolateText } from '../../shared/ui/bidi';

const HISTORY_PAGE_SIZE = 10;
const success = (message: string) => showToast({ kind: 'success', message });

function ResetPasswordDialog({ user, onClose, onDone }: { user: UserListItem; onClose(): void; onDone(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('adminCommon');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!isStrongPassword(password)) { setErrors({ password: password ? t('passwordWeak') : tc('form.required') }); return; }
    setBusy(true);
    try {
      await usersApi.resetPassword(api, { id: user.id, password }, { quiet: true });
      onDone();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog open title={t('resetPassword.title', { name: isolateText(user.userName) })} onClose={onClose} data-testid="user-reset-password-dialog"
      footer={<>
        <Button variant="secondary" onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button loading={busy} onClick={() => void submit()} data-testid="reset-password-submit">{tc('actions.save')}</Button>
      </>}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <TextField id="reset-password" data-testid="reset-password" type="password" label={t('resetPassword.newPassword')} value={password} dir="ltr" required
          autoComplete="new-password" hint={`${t('passwordPolicy')} ${t('resetPassword.note')}`} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
        <ErrorSummary errors={errors} />
      </form>
    </ModalDialog>
  );
}


function LoginHistoryDialog({ user, onClose }: { user: UserListItem; onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('adminCommon');
  const [pageIndex, setPageIndex] = useState(0);
  const { data, isLoading } = useSWR(usersKeys.history(user.id, pageIndex), () =>
    usersApi.loginHistory(api, user.id, { pageIndex, pageSize: HISTORY_PAGE_SIZE }));
  const columns = useMemo<DataTableColumn<HistoryRow>[]>(() => [
    { key: 'at', header: t('history.at'), cell: (h) => <DateDisplay value={h.at} /> },
    { key: 'ip', header: t('history.ip'), cell: (h) => <span dir="ltr">{h.ip}</span> },
    { key: 'userAgent', header: t('history.userAgent'), cell: (h) => <span dir="ltr" className="block max-w-xs truncate">{h.userAgent}</span> },
    { key: 'result', header: t('history.result'), cell: (h) => t(`account:history.results.${h.result}`, { defaultValue: t('account:history.results.other') }) },
  ], [t]);
  return (
    <ModalDialog open size="lg" title={t('history.title', { name: isolateText(user.userName) })} onClose={onClose} data-testid="user-login-history-dialog"
      footer={<Button variant="secondary" onClick={onClose}>{tc('actions.close')}</Button>}>
      <DataTable columns={columns} rows={data?.items} rowKey={(h) => h.id} loading={isLoading} emptyText={tc('table.empty')}
        pageIndex={pageIndex} pageSize={HISTORY_PAGE_SIZE} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        data-testid="user-login-history" />
    </ModalDialog>
  );
}

type Dialog =
  | { kind: 'form'; original: User | null }
  | { kind: 'reset' | 'history' | 'delete' | 'impersonate'; user: UserListItem };

export function UsersPage() {
  const { api, session } = useApp();
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation('adminCommon');
  const { data: me } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const [search, setSearch] = useState('');
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);

  const { data, isLoading } = useSWR(usersKeys.list(search, organizationId, pageIndex, pageSize), () =>
    usersApi.list(api, { pageIndex, pageSize, search: search || undefined, organizationId: organizationId ?? undefined }));
  const refresh = () => mutate(usersKeys.isUsersKey);

  const act = async (call: () => Promise<unknown>, message: string) => {
    try {
      await call();
      success(message);
    } catch { /* the error dialog already told the user */ }
    await refresh();
  };
  const edit = async (u: UserListItem) => {
    try {
      setDialog({ kind: 'form', original: await usersApi.get(api, u.id) });
    } catch { /* shown */ }
  };
  const impersonate = async (u: UserListItem) => {
    setBusy(true);
    try {
      const tokens = await userLookups.impersonate(api, { userId: u.id });
      session.save(tokens);
      window.location.assign('/');
    } catch {
      setDialog(null);
    } finally {
      setBusy(false);
    }
  };

  const status = (u: UserListItem) => u.isSuspended ? t('status.suspended') : u.isLocked ? t('status.locked') : u.isActive ? t('status.active') : t('status.inactive');
  const self = (u: UserListItem) => u.id === me?.id;

  const columns = useMemo<DataTableColumn<UserListItem>[]>(() => [
    { key: 'userName', header: t('columns.userName'), cell: (u) => <span dir="ltr" data-testid="user-name">{u.userName}</span> },
    { key: 'name', header: t('columns.name'), cell: (u) => [u.firstName, u.lastName].filter(Boolean).join(' ') },
    { key: 'organization', header: t('columns.organization'), cell: (u) => u.organizationName },
    { key: 'status', header: t('columns.status'), cell: (u) => <span data-testid="user-status">{status(u)}</span> },
    { key: 'admin', header: t('columns.admin'), cell: (u) => (u.isAdmin ? tc('yes') : tc('no')) },
    { key: 'lastLogin', header: t('columns.lastLogin'), cell: (u) => <DateDisplay value={u.lastLoginAt} fallback={tc('none')} /> },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, tc]);

  const rowActions = (u: UserListItem) => (
    <div className="flex flex-wrap justify-end gap-1" data-user-id={u.id}>
      {hasClaim(me, 'Users.Update') && <Button size="sm" variant="secondary" data-testid="user-edit" onClick={() => void edit(u)}>{t('actions.edit')}</Button>}
      {!self(u) && hasClaim(me, 'Users.Suspend') && (
        u.isSuspended || u.isLocked
          ? <Button size="sm" variant="secondary" data-testid="user-unblock" onClick={() => void act(() => usersApi.unblock(api, u.id), t('stateChanged'))}>{t('actions.unblock')}</Button>
          : <Button size="sm" variant="secondary" data-testid="user-suspend" onClick={() => void act(() => usersApi.suspend(api, u.id), t('stateChanged'))}>{t('actions.suspend')}</Button>
      )}
      {hasClaim(me, 'Users.Update') && <Button size="sm" variant="secondary" data-testid="user-reset-password" onClick={() => setDialog({ kind: 'reset', user: u })}>{t('actions.resetPassword')}</Button>}
      <Button size="sm" variant="secondary" data-testid="user-login-history" onClick={() => setDialog({ kind: 'history', user: u })}>{t('actions.loginHistory')}</Button>
      {!self(u) && hasClaim(me, 'Users.Impersonate') && !me?.isImpersonating && (
        <Button size="sm" variant="secondary" data-testid="user-impersonate" onClick={() => setDialog({ kind: 'impersonate', user: u })}>{t('actions.impersonate')}</Button>
      )}
      {!self(u) && hasClaim(me, 'Users.Delete') && (
        <Button size="sm" variant="danger" data-testid="user-delete" onClick={() => setDialog({ kind: 'delete', user: u })}>{t('actions.delete')}</Button>
      )}
    </div>
  );

  return (
    <section data-testid="users-page">
      <PageHeader title={t('title')} actions={hasClaim(me, 'Users.Create') && (
        <Button data-testid="user-create" onClick={() => setDialog({ kind: 'form', original: null })}>{t('create')}</Button>
      )} />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox idPrefix="users" value={search} onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
        <div className="min-w-[14rem]">
          <OrganizationPicker id="users-organization-filter" data-testid="users-organization-filter" label={t('organizationFilter')}
            placeholder={t('allOrganizations')} value={organizationId} onChange={(id) => { setOrganizationId(id); setPageIndex(0); }} />
        </div>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(u) => u.id} loading={isLoading} emptyText={tc('table.empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} rowActions={rowActions} data-testid="users-table" />
      {dialog?.kind === 'form' && (
        <UserFormDialog original={dialog.original} organizationId={organizationId ?? me?.activeOrganizationId ?? me?.organizationId ?? null}
          onClose={() => setDialog(null)} onSaved={() => { setDialog(null); success(t('saved')); void refresh(); }} />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} onDone={() => { setDialog(null); success(t('resetPassword.done')); }} />
      )}
      {dialog?.kind === 'history' && <LoginHistoryDialog user={dialog.user} onClose={() => setDialog(null)} />}
      <ConfirmDialog open={dialog?.kind === 'delete'} danger title={tc('confirmDelete.title')}
        message={dialog?.kind === 'delete' ? tc('confirmDelete.message', { name: isolateText(dialog.user.userName) }) : ''} confirmText={t('actions.delete')}
        data-testid="user-delete-dialog" onCancel={() => setDialog(null)}
        onConfirm={() => { if (dialog?.kind !== 'delete') return; const u = dialog.user; setDialog(null); void act(() => usersApi.delete(api, u.id), t('deleted')); }} />
      <ConfirmDialog open={dialog?.kind === 'impersonate'} title={t('impersonate.title')} busy={busy}
        message={dialog?.kind === 'impersonate' ? t('impersonate.message', { name: isolateText(dialog.user.userName) }) : ''} confirmText={t('impersonate.confirm')}
        data-testid="user-impersonate-dialog" onCancel={() => setDialog(null)}
        onConfirm={() => { if (dialog?.kind === 'impersonate') void impersonate(dialog.user); }} />
    </section>
  );
}
