import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { SearchBox, showApiError, useConfirmationFlow } from '../admin-common/kit';
import { OrganizationFormDialog } from './organization-form';
import { organizationsApi, organizationsKeys, type Organization, type OrganizationListItem } from './organizations-api';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';

/** Children of an expanded organization (one request each, up to this many). */
const CHILD_LIMIT = 500;


interface TreeRow { org: OrganizationListItem; level: number }

function DeleteChoiceDialog({ org, onCancel, onChoose }: { org: OrganizationListItem; onCancel(): void; onChoose(withChildren: boolean): void }) {
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation('adminCommon');
  const [withChildren, setWithChildren] = useState(false);
  return (
    <ModalDialog open size="sm" role="alertdialog" title={t('delete.title', { name: isolateText(org.name) })} onClose={onCancel} data-testid="organization-delete-dialog"
      footer={<>
        <Button variant="secondary" onClick={onCancel}>{tc('actions.cancel')}</Button>
        <Button variant="danger" type="submit" form="organization-delete-form" data-testid="organization-delete-next">{t('delete.next')}</Button>
      </>}>
      <form id="organization-delete-form" noValidate onSubmit={(e) => { e.preventDefault(); onChoose(withChildren); }}>
        <p className="mb-3 text-sm">{t('delete.message')}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('delete.choice')}</legend>
          <label className="mb-2 flex items-center gap-2 text-sm">
            <input type="radio" name="delete-scope" data-testid="organization-delete-only-this" checked={!withChildren} onChange={() => setWithChildren(false)} />
            {t('delete.onlyThis')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="delete-scope" data-testid="organization-delete-with-children" checked={withChildren} onChange={() => setWithChildren(true)} />
            {t('delete.withChildren')}
          </label>
        </fieldset>
      </form>
    </ModalDialog>
  );
}

export function OrganizationsPage() {
  const { api, store } = useApp();
  const { t } = useTranslation('organizations');
  const { t: tc } = useTranslation('adminCommon');
  const { data: user } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const activeOrganizationId = useAppState(store, (s) => s.activeOrganizationId);
  const rootId = activeOrganizationId ? Number(activeOrganizationId) : user?.organizationId ?? null;
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [includeArchived, setIncludeArchived] = useState(false);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ original: Organization | null; parentId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<OrganizationListItem | null>(null);
  const { run, dialog } = useConfirmationFlow();
  const notify = (message: string) => showToast({ kind: 'success', message });
  const tree = !search;

  const { data: root } = useSWR(rootId ? organizationsKeys.root(rootId) : null, ([, , id]) => organizationsApi.get(api, id));
  const parentId = search ? null : rootId;
  const { data, isLoading } = useSWR(organizationsKeys.list(search, parentId, pageIndex, pageSize, includeArchived), () =>
    organizationsApi.list(api, { pageIndex, pageSize, search: search || undefined, parentId: parentId ?? undefined, includeArchived: includeArchived || undefined }));
  const openIds = tree ? expanded : [];
  const { data: children } = useSWR<Record<number, OrganizationListItem[]>>(
    openIds.length ? organizationsKeys.children(openIds, includeArchived) : null,
    async () => Object.fromEntries(await Promise.all(openIds.map(async (id) => {
      const page = await organizationsApi.list(api, { parentId: id, pageSize: CHILD_LIMIT, includeArchived: includeArchived || undefined });
      return [id, page.items] as const;
    }))),
    { keepPreviousData: true },
  );
  const refresh = () => mutate(organizationsKeys.isOrganizationsKey);

  const rows = useMemo<TreeRow[] | undefined>(() => {
    if (!data) return undefined;
    const out: TreeRow[] = [];
    const add = (org: OrganizationListItem, level: number, seen: Set<number>) => {
      out.push({ org, level });
      if (!tree || !expanded.includes(org.id) || seen.has(org.id)) return;
      const next = new Set(seen).add(org.id);
      for (const child of children?.[org.id] ?? []) add(child, level + 1, next);
    };
    for (const org of data.items) add(org, 0, new Set());
    return out;
  }, [data, children, expanded, tree]);

  const toggle = (id: number) => setExpanded((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const edit = async (org: OrganizationListItem) => {
    try {
      setEditing({ original: await organizationsApi.get(api, org.id), parentId: null });
    } catch { /* the error dialog already told the user */ }
  };
  const changeState = async (org: OrganizationListItem, action: 'activate' | 'deactivate' | 'archive' | 'unarchive') => {
    try {
      await organizationsApi[action](api, org.id);
      notify(t('stateChanged'));
    } catch { /* the error dialog already told the user */ }
    await refresh();
  };
  const remove = async (org: OrganizationListItem, withChildren: boolean) => {
    setDeleting(null);
    try {
      const done = await run((c) => organizationsApi.delete(api, org.id, { withChildren, ...c }, { quiet: true }));
      if (done) {
        notify(t('delete.done'));
        await refresh();
      }
    } catch (e) {
      showApiError(store, e);
    }
  };

  const columns = useMemo<DataTableColumn<TreeRow>[]>(() => [
    {
      key: 'name', header: t('columns.name'), cell: ({ org, level }) => (
        <div className="flex items-center gap-1" style={{ paddingInlineStart: `${level * 1.25}rem` }} data-organization-id={org.id}>
          {tree && org.hasChildren ? (
            <button type="button" className="w-6 rounded border text-xs" aria-expanded={expanded.includes(org.id)} data-testid="organization-expand"
              aria-label={expanded.includes(org.id) ? t('collapse', { name: org.name }) : t('expand', { name: org.name })} onClick={() => toggle(org.id)}>
              {expanded.includes(org.id) ? t('collapseMark') : t('expandMark')}
            </button>
          ) : tree ? <span className="inline-block w-6" aria-hidden="true" /> : null}
          <UserText data-testid="organization-name">{org.name}</UserText>
        </div>
      ),
    },
    { key: 'type', header: t('columns.type'), cell: ({ org }) => t(`types.${org.type}`) },
    {
      key: 'status', header: t('columns.status'), cell: ({ org }) => (
        <span data-testid="organization-status">{org.isArchived ? t('status.archived') : org.isActive ? t('status.active') : t('status.inactive')}</span>
      ),
    },
    { key: 'expireTime', header: t('columns.expireTime'), cell: ({ org }) => <DateDisplay value={org.expireTime} fallback={tc('none')} /> },
  ], [t, tc, tree, expanded]);

  const rowActions = ({ org }: TreeRow) => {
    const closable = org.id !== user?.organizationId && org.type !== 'system';
    return (
      <div className="flex flex-wrap justify-end gap-1">
        {hasClaim(user, 'Organizations.Update') && (
          <Button size="sm" variant="secondary" data-testid="organization-edit" onClick={() => void edit(org)}>{t('actions.edit')}</Button>
        )}
        {hasClaim(user, 'Organizations.Create') && (
          <Button size="sm" variant="secondary" data-testid="organization-create-child" onClick={() => setEditing({ original: null, parentId: org.id })}>{t('createChild')}</Button>
        )}
        {closable && hasClaim(user, 'Organizations.Activate') && (
          <Button size="sm" variant="secondary" data-testid={org.isActive ? 'organization-deactivate' : 'organization-activate'}
            onClick={() => void changeState(org, org.isActive ? 'deactivate' : 'activate')}>{org.isActive ? t('actions.deactivate') : t('actions.activate')}</Button>
        )}
        {closable && hasClaim(user, 'Organizations.Archive') && (
          <Button size="sm" variant="secondary" data-testid={org.isArchived ? 'organization-unarchive' : 'organization-archive'}
            onClick={() => void changeState(org, org.isArchived ? 'unarchive' : 'archive')}>{org.isArchived ? t('actions.unarchive') : t('actions.archive')}</Button>
        )}
        {closable && hasClaim(user, 'Organizations.Delete') && (
          <Button size="sm" variant="danger" data-testid="organization-delete" onClick={() => setDeleting(org)}>{t('actions.delete')}</Button>
        )}
      </div>
    );
  };

  return (
    <section data-testid="organizations-page">
      <PageHeader title={t('title')} actions={hasClaim(user, 'Organizations.Create') && (
        <Button data-testid="organization-create" onClick={() => setEditing({ original: null, parentId: rootId })}>{t('create')}</Button>
      )} />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox idPrefix="organizations" value={search} onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
        <CheckboxField className="mt-2" id="organizations-include-archived" data-testid="organizations-include-archived" label={t('includeArchived')}
          checked={includeArchived} onCheckedChange={(v) => { setIncludeArchived(v); setPageIndex(0); }} />
      </div>
      <h2 className="mb-2 font-semibold" data-testid="organizations-list-title">{search ? t('searchResults') : t('treeTitle', { name: isolateText(root?.name) })}</h2>
      <DataTable columns={columns} rows={rows} rowKey={({ org, level }) => `${search}-${level}-${org.id}`} loading={isLoading} emptyText={tc('table.empty')}
        caption={t('title')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} rowActions={rowActions} data-testid="organizations-table" />
      {editing && (
        <OrganizationFormDialog original={editing.original} parentId={editing.parentId} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); notify(t('saved')); void refresh(); }} />
      )}
      {deleting && <DeleteChoiceDialog org={deleting} onCancel={() => setDeleting(null)} onChoose={(w) => void remove(deleting, w)} />}
      {dialog}
    </section>
  );
}
