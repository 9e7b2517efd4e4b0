import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';

interface AuditRow {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  impersonatorUserId: number | null;
  organizationId: number | null;
  remoteIpAddress: string | null;
  operationType: string;
  className: string;
  referenceId: string | null;
  oldData: unknown;
  newData: unknown;
}

const CLASS_NAMES = ['Organization', 'User', 'Role', 'RoleTemplate', 'Session'];
const OPERATIONS = ['Create', 'Update', 'Delete', 'DeleteWithChildren', 'Activate', 'Deactivate', 'Archive', 'Unarchive', 'Suspend', 'Unblock',
  'ResetPassword', 'ChangePassword', 'AssignRole', 'AssignRoleTemplate', 'Impersonate', 'StopImpersonation', 'Logout', 'RevokeSession'];
const asItems = (values: string[]) => values.map((v) => ({ id: v, title: v }));
const CLASS_ITEMS = asItems(CLASS_NAMES);
const OPERATION_ITEMS = asItems(OPERATIONS);

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export function AuditsPage() {
  const { api } = useApp();
  const { t } = useTranslation('audits');
  const digits = useDigits();
  const [draft, setDraft] = useState({ className: '', operationType: '' });
  const [filters, setFilters] = useState({ className: '', operationType: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR<Page<AuditRow>>(['audits', filters.className, filters.operationType, pageIndex, pageSize], () =>
    api.get<Page<AuditRow>>('/Audits/GetAll', {
      query: { pageIndex, pageSize, className: filters.className || undefined, operationType: filters.operationType || undefined },
    }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft });
    setPageIndex(0);
  };
  const none = t('adminCommon:none');
  const columns = useMemo<DataTableColumn<AuditRow>[]>(() => [
    { key: 'at', header: t('columns.at'), cell: (a) => <DateDisplay value={a.at} /> },
    {
      key: 'user', header: t('columns.user'), cell: (a) => (
        <>
          <span dir="ltr">{a.userName ?? (a.userId !== null ? digits(a.userId) : none)}</span>
          {a.impersonatorUserId && <span className="block text-xs text-amber-700">{t('impersonatedBy', { id: digits(a.impersonatorUserId) })}</span>}
        </>
      ),
    },
    { key: 'operationType', header: t('columns.operationType'), cell: (a) => <span dir="ltr">{a.operationType}</span> },
    { key: 'className', header: t('columns.className'), cell: (a) => <span dir="ltr">{a.className}</span> },
    { key: 'referenceId', header: t('columns.referenceId'), cell: (a) => <span dir="ltr">{a.referenceId ?? none}</span> },
    { key: 'ip', header: t('columns.ip'), cell: (a) => <span dir="ltr">{a.remoteIpAddress ?? none}</span> },
    {
      key: 'details', header: t('columns.details'), cell: (a) => (a.oldData != null || a.newData != null) && (
        <details>
          <summary className="cursor-pointer text-sky-700">{t('show')}</summary>
          {a.oldData != null && (<><div className="mt-1 text-xs font-semibold">{t('oldData')}</div><pre dir="ltr" className="max-h-48 max-w-md overflow-auto text-xs">{pretty(a.oldData)}</pre></>)}
          {a.newData != null && (<><div className="mt-1 text-xs font-semibold">{t('newData')}</div><pre dir="ltr" className="max-h-48 max-w-md overflow-auto text-xs">{pretty(a.newData)}</pre></>)}
        </details>
      ),
    },
  ], [t, digits, none]);
  return (
    <section data-testid="audits-page">
      <PageHeader title={t('title')} />
      <form noValidate onSubmit={apply} className="mb-3 flex flex-wrap items-end gap-3" data-testid="audits-filters">
        <div className="min-w-[12rem]">
          <Select id="audits-className" data-testid="audits-className" label={t('filters.className')} items={CLASS_ITEMS} value={draft.className}
            onChange={(v) => setDraft((d) => ({ ...d, className: v === null ? '' : String(v) }))} />
        </div>
        <div className="min-w-[12rem]">
          <Select id="audits-operationType" data-testid="audits-operationType" label={t('filters.operationType')} items={OPERATION_ITEMS} value={draft.operationType}
            onChange={(v) => setDraft((d) => ({ ...d, operationType: v === null ? '' : String(v) }))} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" data-testid="audits-apply">{t('filters.apply')}</Button>
          <Button variant="secondary" onClick={() => { setDraft({ className: '', operationType: '' }); setFilters({ className: '', operationType: '' }); setPageIndex(0); }}>
            {t('filters.clear')}
          </Button>
        </div>
      </form>
      <DataTable columns={columns} rows={data?.items} rowKey={(a) => a.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="audits-table" />
    </section>
  );
}
