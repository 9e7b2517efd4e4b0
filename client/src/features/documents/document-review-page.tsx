import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { UserText } from '../../shared/ui/user-text';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ApprovalActions, ApprovalStatusBadge, RejectReasonDialog, useCanDecide, type ApprovalAction } from '../../shared/ui/approvals/approvals';
import type { DocumentReviewPage } from '../../../../server/shared/documents/documents.answers';
import { APPROVAL_OF, openDocument, setOwnerAuthentication } from './documents-api';

const NS = 'documents';
const PATH = '/Documents';
type Row = DocumentReviewPage['items'][number];

/**
 * The administrator's review list: documents of the organizations below (the system
 * administrator: all), waiting first; accept, reject with a description, undo — the shared
 * approvals UI over the spec's documentStatus.
 */
export function DocumentReviewPage() {
  const { api } = useApp();
  const { t } = useTranslation(NS);
  const canDecide = useCanDecide();
  const [documentStatus, setStatus] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const { data, isLoading, mutate } = useSWR(['document-review', pageIndex, pageSize, documentStatus],
    () => api.get<Page<Row>>(`${PATH}/GetAll`, { query: { pageIndex, pageSize, documentStatus } }));
  const title = (r: Row) => t(`types.${r.documentType}`);

  const decide = async (row: Row, action: ApprovalAction) => {
    if (action === 'Reject') { setRejecting(row); return; }
    setBusy(`${action}-${row.id}`);
    try {
      await api.post(`${PATH}/${action}/${row.id}`, {});
      showToast({ kind: 'success', message: t('done') });
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };

  const authenticate = async (row: Row, value: boolean) => {
    setBusy(`authenticate-${row.id}`);
    try {
      await setOwnerAuthentication(api, row, value);
      showToast({ kind: 'success', message: t(value ? 'authenticatedDone' : 'unauthenticatedDone') });
      await mutate();
    } catch { /* the error catalogue told the user (e.g. not above the owner) */ } finally { setBusy(null); }
  };

  const columns = useMemo<DataTableColumn<Row>[]>(() => [
    { key: 'organization', header: t('columns.organization'), cell: (r) => r.organizationName },
    { key: 'user', header: t('columns.user'), cell: (r) => r.userName ?? t('organizationOwn') },
    { key: 'type', header: t('columns.type'), cell: (r) => title(r) },
    { key: 'status', header: t('columns.status'), hideable: false, cell: (r) => <ApprovalStatusBadge ns={NS} status={APPROVAL_OF[r.documentStatus]} testId="document-review-status" /> },
    { key: 'description', header: t('columns.description'), cell: (r) => <UserText>{r.description}</UserText> },
    {
      key: 'authentication', header: t('columns.authentication'), hideable: false,
      cell: (r) => (
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="document-review-authenticated" data-value={String(r.ownerIsAuthenticated)}
            className={r.ownerIsAuthenticated ? 'text-emerald-700 dark:text-emerald-300' : 'text-gray-600 dark:text-gray-300'}>
            {t(r.userId === null ? (r.ownerIsAuthenticated ? 'organizationAuthenticated' : 'organizationNotAuthenticated') : (r.ownerIsAuthenticated ? 'userAuthenticated' : 'userNotAuthenticated'))}
          </span>
          {canDecide && (
            <Button size="sm" variant={r.ownerIsAuthenticated ? 'secondary' : 'primary'} loading={busy === `authenticate-${r.id}`} data-testid="document-review-authenticate"
              onClick={() => void authenticate(r, !r.ownerIsAuthenticated)}>
              {t(r.ownerIsAuthenticated ? 'unauthenticate' : 'authenticate')}
            </Button>
          )}
        </div>
      ),
    },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void openDocument(api, r.id).catch(() => undefined)} data-testid="document-review-view">{t('view')}</Button>
          <ApprovalActions ns={NS} testId="document-review" id={r.id} status={APPROVAL_OF[r.documentStatus]} canDecide={canDecide} busy={busy} undo onDecide={(a) => void decide(r, a)} />
        </div>
      ),
    },
  // The actions close over `mutate` of the current key.
  ], [t, api, canDecide, busy, mutate]);

  return (
    <div data-testid="document-review-page">
      <PageHeader title={t('reviewTitle')} />
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300">{t('notice')}</p>
      <p className="mb-3 text-sm text-gray-600 dark:text-gray-300" data-testid="document-review-manual">{t('manualAuthentication')}</p>
      <div className="mb-3 max-w-xs">
        <FieldFrame id="document-review-status-filter" label={t('statusFilter')} errorText={null}>
          <select id="document-review-status-filter" data-testid="document-review-status-filter" value={documentStatus} className={inputClass(false)}
            onChange={(e) => { setStatus(e.target.value); setPageIndex(0); }}>
            <option value="">{t('allStatuses')}</option>
            {(['NotCheckedYet', 'Accepted', 'NotAccepted'] as const).map((s) => <option key={s} value={s}>{t(`statuses.${APPROVAL_OF[s]}`)}</option>)}
          </select>
        </FieldFrame>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('empty')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(s) => { setPageSize(s); setPageIndex(0); }} data-testid="document-review-table" />
      {rejecting && (
        <RejectReasonDialog ns={NS} path={PATH} testId="document-review" reasonField="description" row={{ id: rejecting.id, title: title(rejecting) }}
          onClose={() => setRejecting(null)} onDone={() => { setRejecting(null); showToast({ kind: 'success', message: t('done') }); void mutate(); }} />
      )}
    </div>
  );
}
