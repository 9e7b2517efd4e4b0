import { useMemo, useState, type ReactNode } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context';
import type { Page } from '../../api/api-client';
import { Button } from '../button';
import { isolateText } from '../bidi';
import { ConfirmDialog } from '../dialog/confirm-dialog';
import { showToast } from '../dialog/toast-store';
import { FieldFrame, inputClass } from '../form/field-frame';
import { DataTable, type DataTableColumn } from '../table/data-table';
import { APPROVAL_STATUSES, ApprovalActions, ApprovalStatusBadge, RejectReasonDialog, useCanDecide, type ApprovalAction, type ApprovalStatus } from './approvals';

export interface ApprovalRow {
  id: number;
  title: string;
  status: ApprovalStatus;
}

export interface ApprovalListProps<Row extends ApprovalRow> {
  /** The page's i18n namespace: `title`, `empty`, `statusFilter`, `allStatuses`, `statuses.*`, `confirm`, `reject`, `done`, `delete`, `deleted`, `deleteTitle`, `deleteMessage` (and the reject dialog's texts with `rejectReason`). */
  ns: string;
  /** The subject's controller: `GET {path}/GetAll`, `POST {path}/Confirm/{id}`, `Reject/{id}` (or `Reject` with a reason), `DELETE {path}/Delete/{id}`. */
  path: string;
  /** The SWR key's head; `useApprovalListRefresh(swrKey)` reloads the list after the page's own changes. */
  swrKey: string;
  /** Test id prefix of the filter, statuses, buttons and dialogs (`${testId}-status-filter`, `-status`, `-confirm`, `-reject`, `-delete`, `-delete-dialog`). */
  testId: string;
  tableTestId: string;
  /** The subject's own columns before the status, and after it (before the actions). */
  leading: DataTableColumn<Row>[];
  trailing: DataTableColumn<Row>[];
  /** The status cell; by default the badge alone. */
  statusCell?(row: Row): ReactNode;
  /** Whether Confirm is offered for a row; by default for anything not confirmed. */
  canConfirm?(row: Row): boolean;
  /** Reject asks for an optional reason (the subject keeps one). */
  rejectWithReason?: boolean;
  /** Whether the caller decides this row (default: every row, for those who decide); the safe-list: only from above its organization. */
  canDecideRow?(row: Row): boolean;
  /** The reject body's field of the reason (default `reason`). */
  rejectReasonField?: string;
  /** The row's other actions (edit, send), between the decisions and Delete. */
  actions?(row: Row): ReactNode;
  /** Shown instead of the filter and the table while the subject has no row at all. */
  emptyState?: ReactNode;
}

/** Reloads every page of an `ApprovalList` with this SWR key head. */
export function useApprovalListRefresh(swrKey: string): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === swrKey);
}

/**
 * One list of things that wait for a decision (OTP formats, message patterns; later KYC, number
 * requests…): a status filter, the page's columns with the state, confirm / reject for those who
 * decide, and delete behind a confirmation. The server's approvals workflow decides again.
 */
export function ApprovalList<Row extends ApprovalRow>(props: ApprovalListProps<Row>) {
  const { ns, path, swrKey, testId, tableTestId, leading, trailing, statusCell, canConfirm, canDecideRow, rejectWithReason, rejectReasonField, actions, emptyState } = props;
  const { api } = useApp();
  const { t } = useTranslation(ns);
  const canDecide = useCanDecide();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<ApprovalStatus | ''>('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading, mutate } = useSWR<Page<Row>>([swrKey, pageIndex, pageSize, status],
    () => api.get<Page<Row>>(`${path}/GetAll`, { query: { pageIndex, pageSize, status } }));

  const decide = async (row: Row, action: ApprovalAction) => {
    if (action === 'Reject' && rejectWithReason) { setRejecting(row); return; }
    setBusy(`${action}-${row.id}`);
    try {
      await api.post(`${path}/${action}/${row.id}`, {});
      showToast({ kind: 'success', message: t('done') });
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy('delete');
    try {
      await api.delete(`${path}/Delete/${deleting.id}`);
      showToast({ kind: 'success', message: t('deleted') });
      setDeleting(null);
      // The last row of a page gone: show the page before it.
      if (data && data.items.length === 1 && pageIndex > 0) setPageIndex(pageIndex - 1);
      await mutate();
    } catch { /* told */ } finally { setBusy(null); }
  };

  const columns = useMemo<DataTableColumn<Row>[]>(() => [
    ...leading,
    { key: 'status', header: t('columns.status'), hideable: false, cell: (r) => statusCell ? statusCell(r) : <ApprovalStatusBadge ns={ns} status={r.status} testId={`${testId}-status`} /> },
    ...trailing,
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          <ApprovalActions ns={ns} testId={testId} id={r.id} status={r.status} canDecide={canDecide && (canDecideRow?.(r) ?? true)} busy={busy} onDecide={(a) => void decide(r, a)} canConfirm={canConfirm?.(r)} />
          {actions?.(r)}
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)} data-testid={`${testId}-delete`}>{t('delete')}</Button>
        </div>
      ),
    },
  // The actions close over `mutate` of the current key.
  ], [t, ns, testId, leading, trailing, statusCell, canConfirm, canDecideRow, actions, canDecide, busy, mutate]);

  const empty = emptyState !== undefined && !isLoading && data && data.totalCount === 0 && !status;
  return (<>
    {empty ? emptyState : (<>
      <div className="mb-3 max-w-xs">
        <FieldFrame id={`${testId}-status-filter`} label={t('statusFilter')} errorText={null}>
          <select id={`${testId}-status-filter`} data-testid={`${testId}-status-filter`} value={status} className={inputClass(false)}
            onChange={(e) => { setStatus(e.target.value as ApprovalStatus | ''); setPageIndex(0); }}>
            <option value="">{t('allStatuses')}</option>
            {APPROVAL_STATUSES.map((s) => <option key={s} value={s}>{t(`statuses.${s}`)}</option>)}
          </select>
        </FieldFrame>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(s) => { setPageSize(s); setPageIndex(0); }} data-testid={tableTestId} />
    </>)}
    {rejecting && <RejectReasonDialog ns={ns} path={path} testId={testId} row={rejecting} reasonField={rejectReasonField} onClose={() => setRejecting(null)}
      onDone={() => { setRejecting(null); showToast({ kind: 'success', message: t('done') }); void mutate(); }} />}
    <ConfirmDialog open={!!deleting} busy={busy === 'delete'} danger title={t('deleteTitle')}
      message={deleting ? t('deleteMessage', { title: isolateText(deleting.title) }) : undefined}
      confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid={`${testId}-delete-dialog`} />
  </>);
}
