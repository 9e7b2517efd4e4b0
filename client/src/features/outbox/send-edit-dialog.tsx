import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import type { Send } from '../sending/sending-api';
import { SmsCounter } from '../sending/sms-counter';
// The server's own part counter: the dialog refuses a changed part count before the server does.
import { countParts } from '../../../../server/shared/sms/sms-text';
import { abandonEdit, isBeingEdited, saveEdit } from './outbox-api';

// A time less than this ahead is "now" for the initial choice (the server allows a minute of skew).
const SOON_MS = 60_000;

export interface SendEditDialogProps {
  /** The send, paused (queueStatus Updating) when the dialog opens; kept up to date by the page. */
  send: Send;
  /** The saved send (back in its queue status). */
  onSaved(send: Send): void;
  /** The stopped send, after the user left the edit and accepted the warning. */
  onLeft(send: Send): void;
  /** The send stopped being edited elsewhere (another tab saved it, or the server stopped an edit left open too long). */
  onEnded(): void;
  /** Something failed that may have changed the send (e.g. a stale edit was stopped by the server): fetch it again. */
  onRefresh(): void;
  /**
   * The page's navigation blocker (react-router `useBlocker`), blocking while the dialog is open:
   * registered by the page so it is in place before the dialog shows and outlives a progress push.
   */
  blocker: Blocker;
}

/**
 * Editing a send that has not gone out: its text (same part count, so the held price stays
 * exact) and its time. The send is paused while the dialog is open; leaving it (Cancel, ×,
 * Escape, or navigating away, e.g. the browser's back button) warns that the send stops, and
 * stops it when the user agrees. A reload shows the dialog again (the page opens it for any
 * send that is Updating), so nothing is stopped by a reload.
 */
export function SendEditDialog({ send, onSaved, onLeft, onEnded, onRefresh, blocker }: SendEditDialogProps) {
  const { api } = useApp();
  const { t } = useTranslation('outbox');
  const digits = useDigits();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(send.smsText);
  const [sendDirect, setSendDirect] = useState(() => !send.dateTimeSend || new Date(send.dateTimeSend).getTime() <= Date.now() + SOON_MS);
  const [sendDateTime, setSendDateTime] = useState<string | null>(send.dateTimeSend);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [warning, setWarning] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Navigating away (a link, the back button) while editing is leaving the edit too.
  const blocked = blocker.state === 'blocked';
  // Set once a save or a leave succeeded: the dialog is closing and its send changes are its own.
  const finished = useRef(false);

  // The page keeps the dialog open (and its navigation blocker alive) while a save or a leave runs,
  // even when a progress push already moved the send; with nothing running, a send that is no
  // longer Updating was ended elsewhere.
  const idle = !busy && !leaving;
  useEffect(() => {
    if (idle && !finished.current && !isBeingEdited(send)) {
      showToast({ kind: 'info', message: t('edit.ended') });
      onEnded();
    }
  }, [idle, send.queueStatus]); // eslint-disable-line react-hooks/exhaustive-deps

  const parts = countParts(text).parts;
  const partsChanged = text.trim() !== '' && parts !== send.smsParts;

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!text.trim()) out.smsBody = t('edit.required');
    else if (partsChanged) out.smsBody = t('edit.partsChanged', { now: digits(parts), parts: digits(send.smsParts) });
    if (!sendDirect) {
      if (!sendDateTime) out.sendDateTime = t('edit.required');
      else if (new Date(sendDateTime).getTime() <= Date.now()) out.sendDateTime = t('edit.dateExpired');
    }
    return out;
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    setErrors(local);
    if (Object.keys(local).length) {
      (local.smsBody ? textRef.current : document.getElementById('outbox-edit-datetime'))?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await saveEdit(api, {
        id: send.id,
        smsBody: text !== send.smsText ? text : undefined,
        sendDirect,
        sendDateTime: sendDirect ? undefined : sendDateTime ?? undefined,
      });
      finished.current = true;
      showToast({ kind: 'success', message: t('edit.saved') });
      onSaved(saved);
    } catch (err) {
      const found = errorsOf(err);
      setErrors(found);
      // Not a field's fault (e.g. the edit was stopped meanwhile): the page looks at the send again.
      if (!(err instanceof ApiError) || !err.validationErrors.length) onRefresh();
    } finally { setBusy(false); }
  };

  const stay = () => {
    setWarning(false);
    if (blocked) blocker.reset();
  };

  const leave = async () => {
    setLeaving(true);
    try {
      const stopped = await abandonEdit(api, send.id);
      finished.current = true;
      showToast({ kind: 'warning', message: t('edit.left') });
      setWarning(false);
      if (blocked) blocker.proceed();
      else onLeft(stopped);
    } catch {
      // The error catalogue told the user; the send may have changed meanwhile.
      stay();
      onRefresh();
    } finally { setLeaving(false); }
  };

  const textError = errors.smsBody;
  const dateError = errors.sendDateTime;
  return (
    <>
      <ModalDialog open onClose={() => setWarning(true)} closeOnBackdrop={false} size="md" initialFocusRef={textRef}
        title={t('edit.title', { id: digits(send.id) })} data-testid="outbox-edit-dialog"
        footer={(
          <>
            <Button variant="secondary" onClick={() => setWarning(true)} disabled={busy} data-testid="outbox-edit-cancel">{t('edit.leave')}</Button>
            <Button type="submit" form="outbox-edit-form" loading={busy} data-testid="outbox-edit-save">{t('edit.save')}</Button>
          </>
        )}>
        <form id="outbox-edit-form" noValidate onSubmit={(e) => void save(e)} className="grid gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('edit.intro')}</p>
          <ErrorSummary errors={errors} testId="outbox-edit-errors" />
          <div>
            <label htmlFor="outbox-edit-text" className="mb-1 block text-sm font-medium">{t('edit.text')}<span className="text-red-600"> *</span></label>
            <textarea ref={textRef} id="outbox-edit-text" data-testid="outbox-edit-text" rows={5} value={text} maxLength={5000}
              onChange={(e) => { setText(e.target.value); setErrors(({ smsBody: _old, ...rest }) => rest); }}
              aria-invalid={textError || partsChanged ? true : undefined} aria-describedby={textError ? 'outbox-edit-counter outbox-edit-parts outbox-edit-text-error' : 'outbox-edit-counter outbox-edit-parts'}
              className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', textError || partsChanged ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
            <div id="outbox-edit-counter"><SmsCounter text={text} /></div>
            <p id="outbox-edit-parts" className={cx('text-xs', partsChanged ? 'text-red-700' : 'text-slate-600 dark:text-slate-300')}
              data-testid="outbox-edit-parts" data-parts={send.smsParts} data-ok={!partsChanged}>
              {t('edit.keepParts', { parts: digits(send.smsParts) })}
            </p>
            {textError && <p id="outbox-edit-text-error" className="text-sm text-red-700" role="alert" data-testid="outbox-edit-text-error">{textError}</p>}
          </div>
          <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold">{t('edit.schedule')}</legend>
            <div className="my-2 flex gap-4">
              <label className="flex items-center gap-1 text-sm">
                <input type="radio" name="outbox-edit-when" checked={sendDirect} onChange={() => setSendDirect(true)} data-testid="outbox-edit-now" />{t('edit.sendNow')}
              </label>
              <label className="flex items-center gap-1 text-sm">
                <input type="radio" name="outbox-edit-when" checked={!sendDirect} onChange={() => setSendDirect(false)} data-testid="outbox-edit-later" />{t('edit.sendLater')}
              </label>
            </div>
            {!sendDirect && (
              <DateTimePicker id="outbox-edit-datetime" data-testid="outbox-edit-datetime" label={t('edit.sendDateTime')} value={sendDateTime} required
                onChange={(v) => {
                  setSendDateTime(v);
                  setErrors(({ sendDateTime: _old, ...rest }) => (v && new Date(v).getTime() <= Date.now() ? { ...rest, sendDateTime: t('edit.dateExpired') } : rest));
                }}
                error={dateError} />
            )}
          </fieldset>
        </form>
      </ModalDialog>
      <ConfirmDialog open={warning || blocked} busy={leaving} danger title={t('edit.leaveTitle')} message={t('edit.leaveMessage')}
        confirmText={t('edit.leaveConfirm')} cancelText={t('edit.stay')}
        onConfirm={() => void leave()} onCancel={stay} data-testid="outbox-edit-leave-dialog" />
    </>
  );
}
