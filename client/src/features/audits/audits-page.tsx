import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { isolateText } from '../../shared/ui/bidi';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { auditsApi, auditsKeys, type AuditRow } from './audits-api';

const CLASS_NAMES = ['Organization', 'User', 'Role', 'RoleTemplate', 'Session', 'AccountInformation', 'ApiToken', 'ApiTokenSafeIp', 'BlackList', 'Credit',
  'Discount', 'MainSettings', 'Media', 'MessagePattern', 'Module', 'OtpFormat', 'Package', 'Payment', 'PaymentGateway', 'PeriodicSend', 'Plan', 'PrivateNumber',
  'PrivateNumberAssignment', 'ResellerSettings', 'ResellerTarget', 'ScheduledMessage', 'SenderAgent', 'SmppAccount', 'Tariff', 'Webhook'];
const OPERATIONS = ['Create', 'Update', 'Delete', 'DeleteWithChildren', 'Activate', 'Deactivate', 'Archive', 'Unarchive', 'Suspend', 'Unblock',
  'ResetPassword', 'ChangePassword', 'AssignRole', 'AssignRoleTemplate', 'Impersonate', 'StopImpersonation', 'Logout', 'RevokeSession',
  'Assign', 'Unassign', 'AssignModule', 'UnassignModule', 'AssignTariff', 'ChargeOrganization', 'IncreaseUserCredit', 'DecreaseUserCredit', 'SetCreditLimit',
  'BuyPackage', 'BuyPlan', 'ExtendPlan', 'ConfirmPayment', 'RejectPayment', 'OnlineCallback', 'Confirm', 'UndoConfirm', 'Reject', 'Cancel',
  'CreateBulk', 'StartEdit', 'AbandonEdit', 'Revoke', 'Rotate'];

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export function AuditsPage() {
  const { api } = useApp();
  const { t } = useTranslation('audits');
  const digits = useDigits();
  const [draft, setDraft] = useState({ className: '', operationType: '' });
  const [filters, setFilters] = useState({ className: '', operationType: '' });
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR(auditsKeys.list(filters.className, filters.operationType, pageIndex, pageSize), () =>
    auditsApi.list(api, { pageIndex, pageSize, className: filters.className || undefined, operationType: filters.operationType || undefined }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft });
    setPageIndex(0);
  };
  const none = t('adminCommon:none');
  // Codes are the server's; the operator reads them in words (a code the catalogue lacks reads as "other").
  const operationText = (code: string) => t(`operations.${code}`, { defaultValue: t('unknownOperation') });
  const classText = (code: string) => t(`classes.${code}`, { defaultValue: t('unknownClass') });
  const operationItems = useMemo(() => OPERATIONS.map((id) => ({ id, title: operationText(id) })), [t]);
  const classItems = useMemo(() => CLASS_NAMES.map((id) => ({ id, title: classText(id) })), [t]);
  const columns = useMemo<DataTableColumn<AuditRow>[]>(() => [
    { key: 'at', header: t('columns.at'), cell: (a) => <DateDisplay value={a.at} /> },
    {
      key: 'user', header: t('columns.user'), cell: (a) => (
        <>
          <span dir="ltr">{a.userName ?? (a.userId !== null ? digits(a.userId) : none)}</span>
          {a.impersonatorUserId && <span className="block text-xs text-amber-700">{t('impersonatedBy', { name: isolateText(a.impersonatorUserName ?? String(a.impersonatorUserId)) })}</span>}
        </>
      ),
    },
    { key: 'operationType', header: t('columns.operationType'), cell: (a) => <span data-testid="audit-operation" data-code={a.operationType}>{operationText(a.operationType)}</span> },
    { key: 'className', header: t('columns.className'), cell: (a) => <span data-testid="audit-class" data-code={a.className}>{classText(a.className)}</span> },
    { key: 'referenceId', header: t('columns.referenceId'), cell: (a) => <span dir="ltr">{a.referenceId === null ? none : digits(a.referenceId)}</span> },
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
          <Select id="audits-className" data-testid="audits-className" label={t('filters.className')} items={classItems} value={draft.className}
            onChange={(v) => setDraft((d) => ({ ...d, className: v === null ? '' : String(v) }))} />
        </div>
        <div className="min-w-[12rem]">
          <Select id="audits-operationType" data-testid="audits-operationType" label={t('filters.operationType')} items={operationItems} value={draft.operationType}
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
