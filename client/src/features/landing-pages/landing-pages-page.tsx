import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { TextField } from '../../shared/ui/form/text-field';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { LANDING_NAME_PATTERN, landingPagePath, landingPagesApi, landingPagesKeys, type LandingPageListItem } from './landing-pages-api';
import { themeSwatch } from './landing-page-view';

const NAME = new RegExp(LANDING_NAME_PATTERN);

/** The organization's public name, without which nothing can be published. */
function AddressPanel() {
  const { api } = useApp();
  const { t } = useTranslation('landingPages');
  const { data, mutate } = useSWR(landingPagesKeys.address(), () => landingPagesApi.address(api));
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data) setName(data.organizationName ?? ''); }, [data]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const value = name.trim();
    if (!NAME.test(value)) { setError(t('address.invalid')); return; }
    setBusy(true);
    try {
      await mutate(await landingPagesApi.setAddress(api, { organizationName: value }, { quiet: true }), { revalidate: false });
      setError(undefined);
      showToast({ kind: 'success', message: t('address.saved') });
    } catch (err) {
      setError(err instanceof ApiError ? (err.validationErrors[0]?.message ?? err.message) : String(err));
    } finally { setBusy(false); }
  };
  return (
    <form noValidate onSubmit={(e) => void save(e)} className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="landing-address-form">
      <h2 className="mb-2 text-sm font-semibold">{t('address.title')}</h2>
      {data && !data.organizationName && <p className="mb-2 text-sm text-amber-800 dark:text-amber-300" data-testid="landing-address-none">{t('address.none')}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <TextField id="landing-address" data-testid="landing-address" label={t('address.label')} value={name} dir="ltr" maxLength={50} required
          hint={t('address.hint')} error={error} className="min-w-[16rem] flex-1" onChange={(e) => setName(e.target.value)} />
        <Button type="submit" variant="secondary" disabled={busy} data-testid="landing-address-save">{t('address.save')}</Button>
      </div>
    </form>
  );
}

/** Landing pages of the organization (and those below it, for administrators): open, publish state, delete. */
export function LandingPagesPage() {
  const { api } = useApp();
  const { t } = useTranslation('landingPages');
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<LandingPageListItem | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(landingPagesKeys.list(pageIndex, pageSize, search), () =>
    landingPagesApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await landingPagesApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<LandingPageListItem>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (p) => <Link className="text-sky-700 underline dark:text-sky-300" to={landingPagePath(p.id)} data-testid="landing-row-title"><UserText>{p.title}</UserText></Link> },
    {
      key: 'address', header: t('list.columns.address'), cell: (p) => (p.isPublished && p.publicPath
        ? <a className="text-sky-700 underline dark:text-sky-300" href={p.publicPath} target="_blank" rel="noreferrer" dir="ltr" data-testid="landing-row-address">{p.publicPath}</a>
        : <span dir="ltr">{p.slug}</span>),
    },
    { key: 'language', header: t('list.columns.language'), cell: (p) => t(`languages.${p.language}`) },
    { key: 'theme', header: t('list.columns.theme'), cell: (p) => <span className="inline-flex items-center gap-1"><span aria-hidden="true" className={`inline-block h-3 w-3 rounded-full ${themeSwatch(p.theme)}`} />{t(`themes.${p.theme}`)}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (p) => <span data-testid="landing-row-status" data-published={p.isPublished}>{t(p.isPublished ? 'list.published' : 'list.draft')}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(landingPagePath(p.id))} data-testid="landing-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(p)} data-testid="landing-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, navigate]);

  const create = () => void navigate(landingPagePath('new'));
  return (
    <section data-testid="landing-pages-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="landing-create">{t('list.create')}</Button>} />
      <AddressPanel />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="landing-pages" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="landing-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="landing-pages-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="landing-delete-dialog" />
    </section>
  );
}
