import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { clubApi, clubKeys, type ClubMember } from './club-api';

/** The club's members: paged, searched by mobile (or name), filtered by points; a link sends to the filtered members. */
export function ClubMembersPage() {
  const { api } = useApp();
  const { t } = useTranslation('club');
  const digits = useDigits();
  const [search, setSearch] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [applied, setApplied] = useState({ min: '', max: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR(clubKeys.members(search, applied.min, applied.max, pageIndex, pageSize), () => clubApi.members(api, {
    pageIndex, pageSize, search: search || undefined,
    minPoints: applied.min ? Number(applied.min) : undefined, maxPoints: applied.max ? Number(applied.max) : undefined,
  }));

  const columns = useMemo<DataTableColumn<ClubMember>[]>(() => [
    { key: 'mobile', header: t('members.columns.mobile'), hideable: false, cell: (m) => <span dir="ltr" data-testid="club-member-mobile">{digits(m.mobile)}</span> },
    { key: 'name', header: t('members.columns.name'), cell: (m) => (m.name ? <UserText>{m.name}</UserText> : t('none')) },
    { key: 'points', header: t('members.columns.points'), cell: (m) => <span data-testid="club-member-points">{digits(m.points)}</span> },
    { key: 'totalAmount', header: t('members.columns.totalAmount'), cell: (m) => digits(m.totalAmount.toLocaleString('en-US')) },
    { key: 'purchaseCount', header: t('members.columns.purchaseCount'), cell: (m) => <span data-testid="club-member-purchases">{digits(m.purchaseCount)}</span> },
    { key: 'firstSeenAt', header: t('members.columns.firstSeenAt'), cell: (m) => <DateDisplay value={m.firstSeenAt} /> },
    { key: 'lastSeenAt', header: t('members.columns.lastSeenAt'), cell: (m) => <DateDisplay value={m.lastSeenAt} /> },
    { key: 'organization', header: t('members.columns.organization'), cell: (m) => <UserText>{m.organizationName}</UserText> },
  ], [t, digits]);

  const filter = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ min, max });
    setPageIndex(0);
  };
  const filtered = !!(search || applied.min || applied.max);
  const sendQuery = new URLSearchParams({ ...(applied.min ? { minPoints: applied.min } : {}), ...(applied.max ? { maxPoints: applied.max } : {}) }).toString();

  return (
    <section data-testid="club-members-page">
      <PageHeader title={t('members.title')} actions={<Link to={`/club/send${sendQuery ? `?${sendQuery}` : ''}`} className="text-sm underline" data-testid="club-members-send">{t('members.send')}</Link>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('members.intro')}</p>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SearchBox value={search} idPrefix="club-members" onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
        <form className="flex flex-wrap items-end gap-2" onSubmit={filter} data-testid="club-members-filter">
          <NumericInput id="club-members-min" data-testid="club-members-min" label={t('members.minPoints')} value={min} onValueChange={setMin} />
          <NumericInput id="club-members-max" data-testid="club-members-max" label={t('members.maxPoints')} value={max} onValueChange={setMax} />
          <Button type="submit" variant="secondary" data-testid="club-members-apply">{t('members.filter')}</Button>
        </form>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(m) => m.id} loading={isLoading} emptyText={filtered ? t('members.emptyFiltered') : t('members.empty')}
        caption={t('members.title')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="club-members-table" />
    </section>
  );
}
