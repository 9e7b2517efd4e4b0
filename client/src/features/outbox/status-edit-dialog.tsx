import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { EDITABLE_SEND_STATUSES } from '../../../../server/shared/sends/send-statuses';
import { outboxApi } from './outbox-api';
import type { Send } from '../sending/sending-api';

/** Whether a send's status may be corrected (OutBox/EditStatus: a finished send, a label of the editable set). */
export const isStatusEditable = (send: Pick<Send, 'status' | 'queueStatus'>) =>
  ['Completed', 'Failed', 'Rejected'].includes(send.queueStatus) && (EDITABLE_SEND_STATUSES as readonly string[]).includes(send.status);

/**
 * A system administrator's correction of how a finished send ended: the label only (the dialog
 * says so), with a reason that goes into the audit log.
 */
export function StatusEditDialog({ send, onSaved, onClose }: { send: Send; onSaved(send: Send): void; onClose(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const formId = useId();
  const digits = useDigits();
  const choices = EDITABLE_SEND_STATUSES.filter((s) => s !== send.status).map((s) => ({ id: s, title: t(`sending:outboxStatuses.${s}`, { defaultValue: s }) }));
  const [status, setStatus] = useState<string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!status) local.status = t('statusEdit.required');
    if (!reason.trim()) local.reason = t('statusEdit.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const saved = await outboxApi.editStatus(api, { id: send.id, status, reason: reason.trim() }, { quiet: true });
      showToast({ kind: 'success', message: t('statusEdit.saved') });
      onSaved(saved);
    } catch (err) {
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t('statusEdit.title', { id: digits(send.id) })} size="md" data-testid="outbox-status-edit"
      footer={(
        <>
          <Button variant="secondary" onClick={onClose}>{t('statusEdit.cancel')}</Button>
          <Button type="submit" form={formId} loading={busy} data-testid="outbox-status-edit-save">{t('statusEdit.save')}</Button>
        </>
      )}>
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('statusEdit.intro')}</p>
        <ErrorSummary errors={errors} testId="outbox-status-edit-errors" />
        <Select id="outbox-status-edit-status" data-testid="outbox-status-edit-status" label={t('statusEdit.status')} items={choices} value={status} required
          optimalSearch={false} error={errors.status} onChange={(v) => setStatus(v === null ? '' : String(v))} />
        <TextField id="outbox-status-edit-reason" data-testid="outbox-status-edit-reason" label={t('statusEdit.reason')} value={reason} required maxLength={500}
          onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      </form>
    </ModalDialog>
  );
}
