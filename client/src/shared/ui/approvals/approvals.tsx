import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/app-context';
import { useCurrentUser } from '../../auth/current-user';
import { Button } from '../button';
import { cx } from '../class-names';
import { isolateText } from '../bidi';
import { ModalDialog } from '../dialog/modal-dialog';
import { TextField } from '../form/text-field';

/** The spec's approval states (its own spelling of the waiting one), as every subject answers them. */
export const APPROVAL_STATUSES = ['WatingForConfirm', 'Confirmed', 'Rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type ApprovalAction = 'Confirm' | 'Reject' | 'UndoConfirm';

const BADGE: Record<ApprovalStatus, string> = {
  WatingForConfirm: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  Confirmed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  Rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

/** Administrators (and resellers, super admins) confirm and reject; the server checks it again. */
export function useCanDecide(): boolean {
  const { data: user } = useCurrentUser();
  return !!user && (user.isAdmin || user.scope === 'superAdmin' || user.scope === 'reseller');
}

/** A row's state as a coloured badge; texts are the page's own `statuses.*`. */
export function ApprovalStatusBadge({ ns, status, testId }: { ns: string; status: ApprovalStatus; testId: string }) {
  const { t } = useTranslation(ns);
  return (
    <span className={cx('inline-block rounded-full px-2 py-0.5 text-xs font-medium', BADGE[status])} data-testid={testId} data-status={status}>
      {t(`statuses.${status}`)}
    </span>
  );
}

export interface ApprovalActionsProps {
  ns: string;
  /** Test ids are `${testId}-confirm`, `-undo`, `-reject`. */
  testId: string;
  id: number;
  status: ApprovalStatus;
  canDecide: boolean;
  /** The busy key of the page: `${action}-${id}` while that decision runs. */
  busy: string | null;
  onDecide(action: ApprovalAction): void;
  /** Whether Confirm is offered; by default for anything not confirmed. */
  canConfirm?: boolean;
  /** The subject has an undo (back to waiting) for confirmed rows. */
  undo?: boolean;
}

/** Confirm / undo / reject buttons of one row, for those who decide (texts: the page's `confirm`, `undoConfirm`, `reject`). */
export function ApprovalActions({ ns, testId, id, status, canDecide, busy, onDecide, canConfirm, undo }: ApprovalActionsProps) {
  const { t } = useTranslation(ns);
  if (!canDecide) return null;
  return (<>
    {(canConfirm ?? status !== 'Confirmed') && <Button size="sm" loading={busy === `Confirm-${id}`} onClick={() => onDecide('Confirm')} data-testid={`${testId}-confirm`}>{t('confirm')}</Button>}
    {undo && status === 'Confirmed' && <Button size="sm" variant="secondary" loading={busy === `UndoConfirm-${id}`} onClick={() => onDecide('UndoConfirm')} data-testid={`${testId}-undo`}>{t('undoConfirm')}</Button>}
    {status !== 'Rejected' && <Button size="sm" variant="secondary" loading={busy === `Reject-${id}`} onClick={() => onDecide('Reject')} data-testid={`${testId}-reject`}>{t('reject')}</Button>}
  </>);
}

/**
 * Reject with an optional reason (`POST {path}/Reject {id, reason}`), for subjects that keep one.
 * Texts: the page's `rejectTitle`, `rejectMessage`, `rejectReason`, `cancel`, `reject`.
 */
export function RejectReasonDialog({ ns, path, testId, row, onClose, onDone, reasonField = 'reason' }: {
  ns: string; path: string; testId: string; row: { id: number; title: string }; onClose(): void; onDone(): void;
  /** The body field of the reason (the safe-list's spec name is `rejectComment`). */
  reasonField?: string;
}) {
  const { api } = useApp();
  const { t } = useTranslation(ns);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post(`${path}/Reject`, { id: row.id, [reasonField]: reason.trim() || null });
      onDone();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('rejectTitle')} data-testid={`${testId}-reject-dialog`}>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <p>{t('rejectMessage', { title: isolateText(row.title) })}</p>
        <TextField id={`${testId}-reject-reason`} data-testid={`${testId}-reject-reason`} label={t('rejectReason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="danger" loading={busy} data-testid={`${testId}-reject-confirm`}>{t('reject')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
