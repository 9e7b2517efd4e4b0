import { useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { customerDomainKeys, customerDomainsApi, domainEditPath, type CustomerDomain } from './customer-domains-api';

function Swatch({ colour }: { colour: string }) {
  return <span className="inline-block h-4 w-4 rounded border border-slate-400 align-middle" style={{ backgroundColor: colour }} aria-hidden="true" />;
}

/** White-label domains the caller manages: the system administrator's all, a reseller's its own tree's. */
export function CustomerDomainsPage() {
  const { api } = useApp();
  const { t } = useTranslation('customerDomains');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<CustomerDomain | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useSWR(customerDomainKeys.list(pageIndex, pageSize, search), () => customerDomainsApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await customerDomainsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate(customerDomainKeys.isDomainKey);
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<CustomerDomain>[]>(() => [
    { key: 'domain', header: t('list.columns.domain'), hideable: false, cell: (d) => <Link className="text-sky-700 underline dark:text-sky-300" dir="ltr" to={domainEditPath(d.id)} data-testid="domain-row-name">{d.resellerDomain}</Link> },
    { key: 'organization', header: t('list.columns.organization'), cell: (d) => <UserText>{d.organizationName}</UserText> },
    { key: 'colors', header: t('list.columns.colors'), cell: (d) => <span className="flex items-center gap-1" dir="ltr"><Swatch colour={d.primaryColor} />{d.primaryColor} <Swatch colour={d.secondaryColor} />{d.secondaryColor}</span> },
    { key: 'loginTheme', header: t('list.columns.loginTheme'), cell: (d) => t(`form.loginThemes.${d.loginTheme}`) },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (d) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(domainEditPath(d.id))} data-testid="domain-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(d)} data-testid="domain-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, navigate]);

  const create = () => void navigate(domainEditPath('new'));
  return (
    <section data-testid="domains-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="domain-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="domains" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(d) => d.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="domain-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="domains-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { domain: isolateText(deleting.resellerDomain) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="domain-delete-dialog" />
    </section>
  );
}
