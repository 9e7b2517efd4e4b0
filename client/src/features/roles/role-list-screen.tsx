import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { SearchBox, showApiError, useConfirmationFlow } from '../admin-common/kit';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { AssignDialog } from './role-assign-dialog';
import { CloneDialog } from './role-clone-dialog';
import { RoleEditor } from './role-editor-dialog';
import { useOrganizations, type NamedItem, type Role, type RoleKind } from './roles-model';
import { rolesApi, rolesKeys } from './roles-api';

type Dialog = { kind: 'edit'; role: Role | null } | { kind: 'clone' | 'delete'; role: Role } | { kind: 'assign' };

/** The list screen of roles or role templates. */
export function RoleListScreen({ kind }: { kind: RoleKind }) {
  const { api, store } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const { data: me } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const digits = useDigits();
  const activeOrganizationId = useAppState(store, (s) => s.activeOrganizationId);
  const defaultOrganization = activeOrganizationId ? Number(activeOrganizationId) : me ? me.organizationId : null;
  const [organizationId, setOrganizationId] = useState<number | null | undefined>(undefined);
  const organization = organizationId === undefined ? defaultOrganization : organizationId;
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { run, dialog: confirmation } = useConfirmationFlow();
  const { data: organizations } = useOrganizations();
  const isRoles = kind === 'Roles';
  const mayManage = isRoles ? hasClaim(me, 'Roles.Manage') : hasClaim(me, 'RoleTemplates.Manage');

  const calls = rolesApi[kind];
  const { data, isLoading } = useSWR(rolesKeys.list(kind, organization, search, pageIndex, pageSize), () =>
    calls.list(api, { organizationId: organization ?? undefined, search: search || undefined, pageIndex, pageSize }));
  const refresh = () => mutate(rolesKeys.isRolesKey);
  const notify = (message: string) => showToast({ kind: 'success', message });
  const done = (message: string) => { setDialog(null); notify(message); void refresh(); };

  const remove = async (role: Role) => {
    setDialog(null);
    try {
      const result = await run((c) => calls.delete(api, role.id, { ...c }, { quiet: true }));
      if (result) { notify(t('deleted')); await refresh(); }
    } catch (e) {
      showApiError(store, e);
    }
  };
  const edit = async (role: Role) => {
    try {
      setDialog({ kind: 'edit', role: await calls.get(api, role.id) });
    } catch { /* shown */ }
  };

  const prefix = isRoles ? 'roles' : 'role-templates';
  const columns = useMemo<DataTableColumn<Role>[]>(() => [
    { key: 'title', header: t('columns.title'), cell: (r) => <UserText data-testid="role-title-cell">{r.title}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => r.organizationName },
    { key: 'claims', header: t('columns.claims'), cell: (r) => <span data-testid="role-claims-count">{digits(r.claims?.length ?? 0)}</span> },
  ], [t, digits]);
  const rowActions = (r: Role) => mayManage && (
    <div className="flex flex-wrap justify-end gap-1" data-role-id={r.id}>
      <Button size="sm" variant="secondary" data-testid="role-edit" onClick={() => void edit(r)}>{t('actions.edit')}</Button>
      {isRoles && <Button size="sm" variant="secondary" data-testid="role-clone" onClick={() => setDialog({ kind: 'clone', role: r })}>{t('actions.clone')}</Button>}
      <Button size="sm" variant="danger" data-testid="role-delete" onClick={() => setDialog({ kind: 'delete', role: r })}>{t('actions.delete')}</Button>
    </div>
  );

  return (
    <section data-testid={`${prefix}-page`}>
      <PageHeader title={isRoles ? t('rolesTitle') : t('templatesTitle')} actions={mayManage && (
        <>
          <Button variant="secondary" data-testid={`${prefix}-assign`} onClick={() => setDialog({ kind: 'assign' })}>
            {isRoles ? t('actions.assignToUser') : t('actions.assignToOrganization')}
          </Button>
          <Button data-testid={`${prefix}-create`} onClick={() => setDialog({ kind: 'edit', role: null })}>
            {isRoles ? t('createRole') : t('createTemplate')}
          </Button>
        </>
      )} />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox idPrefix={prefix} value={search} onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
        <div className="min-w-[14rem]">
          <Select<NamedItem> id={`${prefix}-organization-filter`} data-testid={`${prefix}-organization-filter`} label={t('organization')}
            items={organizations?.items} titleField="name" value={organization}
            onChange={(v) => { setOrganizationId(v === null ? null : Number(v)); setPageIndex(0); }} />
        </div>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading}
        emptyText={search ? t('empty.search') : t(isRoles ? 'empty.roles' : 'empty.templates')}
        emptyDescription={search ? undefined : t(isRoles ? 'empty.rolesHint' : 'empty.templatesHint')}
        emptyAction={!search && mayManage ? (
          <Button data-testid={`${prefix}-empty-create`} onClick={() => setDialog({ kind: 'edit', role: null })}>{isRoles ? t('createRole') : t('createTemplate')}</Button>
        ) : undefined}
        caption={isRoles ? t('rolesTitle') : t('templatesTitle')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0}
        onPageChange={setPageIndex} onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }}
        rowActions={mayManage ? rowActions : undefined} data-testid={`${prefix}-table`} />
      {dialog?.kind === 'edit' && (
        <RoleEditor kind={kind} original={dialog.role} organizationId={organization} onClose={() => setDialog(null)} onSaved={() => done(t('saved'))} />
      )}
      {dialog?.kind === 'clone' && <CloneDialog role={dialog.role} onClose={() => setDialog(null)} onDone={() => done(t('cloned'))} />}
      {dialog?.kind === 'assign' && (
        <AssignDialog kind={kind} organizationId={organization} onClose={() => setDialog(null)}
          onDone={() => done(isRoles ? t('assignUser.done') : t('assignOrganization.done'))} />
      )}
      <ConfirmDialog open={dialog?.kind === 'delete'} danger title={tc('confirmDelete.title')}
        message={dialog?.kind === 'delete' ? tc('confirmDelete.message', { name: isolateText(dialog.role.title) }) : ''} confirmText={t('actions.delete')}
        data-testid="role-delete-dialog" onCancel={() => setDialog(null)} onConfirm={() => { if (dialog?.kind === 'delete') void remove(dialog.role); }} />
      {confirmation}
    </section>
  );
}
