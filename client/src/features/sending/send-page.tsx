import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { PreviewDialog } from './preview-dialog';
import { checkSendKind, INITIAL_SEND_KIND, SendKindSection, sendKindBody, type SendKind } from './send-kind-section';
import { newSendId, outboxDetailPath, splitNumbers, type Calculation, type MyNumber, type Send, type SendType, type UploadResult } from './sending-api';
import { PERIODIC_SENDS_PATH, type PeriodicSend } from './periodic-api';
import { formatDateTime } from '../../shared/dates/jalali';
import { SmsCounter } from './sms-counter';

type Mode = 'manual' | 'clipboard' | 'upload';
const MODES: Mode[] = ['manual', 'clipboard', 'upload'];
// Loose on purpose: the server normalizes and judges every number; this only catches typos early.
const MOBILE = /^(\+|00)?\d{10,15}$/;

interface Recipients { manual: string[]; clipboard: string; upload: UploadResult | null }
const NO_RECIPIENTS: Recipients = { manual: [], clipboard: '', upload: null };

function hasData(r: Recipients, mode: Mode): boolean {
  return mode === 'manual' ? r.manual.length > 0 : mode === 'clipboard' ? r.clipboard.trim() !== '' : r.upload !== null;
}

/** The compose screen of a single or bulk send: line, text, recipients, flash, schedule, preview, confirm. */
function SendPage({ sendType }: { sendType: SendType }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('sending');
  const digits = useDigits();
  const navigate = useNavigate();
  const prefix = sendType === 'Single' ? 'single' : 'bulk';
  const { data: lines, isLoading: linesLoading } = useSWR<MyNumber[]>(['my-numbers', sendType], () =>
    api.get<MyNumber[]>('/PrivateNumbers/GetMyNumbers', { query: { sendType } }));
  const [lineId, setLineId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [isFlash, setIsFlash] = useState(false);
  const [description, setDescription] = useState('');
  const [mode, setMode] = useState<Mode>('manual');
  const [recipients, setRecipients] = useState<Recipients>(NO_RECIPIENTS);
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sendDirect, setSendDirect] = useState(true);
  const [sendDateTime, setSendDateTime] = useState<string | null>(null);
  const [kind, setKind] = useState<SendKind>(INITIAL_SEND_KIND);
  const periodic = kind.typeSend === 'periodic';
  const [errors, setErrors] = useState<FieldErrors>({});
  const [calc, setCalc] = useState<Calculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef<string>(newSendId());
  const fileInput = useRef<HTMLInputElement>(null);

  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);
  const line = lines?.find((l) => l.id === lineId) ?? null;

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    // The spec: switching between manual and clipboard clears the other's numbers; an upload cannot be combined with either.
    if (hasData(recipients, mode)) showToast({ kind: 'info', message: t('modeSwitchCleared') });
    setRecipients(NO_RECIPIENTS);
    setMobile('');
    setMobileError(null);
    if (fileInput.current) fileInput.current.value = '';
    setMode(next);
  };

  const addMobile = () => {
    const value = toLatinDigits(mobile.trim()).replace(/[\s-]/g, '');
    if (!MOBILE.test(value)) { setMobileError(t('invalidMobile')); return; }
    if (recipients.manual.includes(value)) { setMobileError(t('alreadyAdded')); return; }
    setRecipients((r) => ({ ...r, manual: [...r.manual, value] }));
    setMobile('');
    setMobileError(null);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
    setUploading(true);
    setErrors({});
    try {
      const result = await api.post<UploadResult>('/ScheduledMessages/UploadRecipients', file, {
        query: { format: csv ? 'csv' : 'text' }, rawContentType: csv ? 'text/csv' : 'text/plain', quiet: true,
      });
      setRecipients({ ...NO_RECIPIENTS, upload: result });
    } catch (e) {
      setErrors(errorsOf(e));
      if (fileInput.current) fileInput.current.value = '';
    } finally { setUploading(false); }
  };

  const body = () => ({
    senderNumberId: lineId ?? undefined,
    smsBody: text,
    sendType,
    isFlashSms: isFlash,
    // A periodic send's time comes from its pattern, not from the send-later picker.
    sendDirect: periodic ? true : sendDirect,
    sendDateTime: sendDirect || periodic ? null : sendDateTime,
    ...sendKindBody(kind),
    description: description.trim() || undefined,
    receivers: mode === 'manual' ? recipients.manual : undefined,
    receiversText: mode === 'clipboard' ? toLatinDigits(recipients.clipboard) : undefined,
    recipientsUploadId: mode === 'upload' ? recipients.upload?.uploadId : undefined,
  });

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!lineId) out.senderNumberId = t('required');
    if (!text.trim()) out.smsBody = t('required');
    if (!hasData(recipients, mode)) out.receivers = t('noRecipients');
    Object.assign(out, checkSendKind(kind, t));
    if (!sendDirect && !periodic) {
      if (!sendDateTime) out.sendDateTime = t('required');
      else if (new Date(sendDateTime).getTime() <= Date.now()) out.sendDateTime = t('dateExpired');
    }
    return out;
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      setCalc(await api.post<Calculation>('/ScheduledMessages/GetScheduledMessageCalculations', body(), { quiet: true }));
      // A fresh id for this confirmation: a double click answers the same send, a new compose makes a new one.
      sendId.current = newSendId();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const confirm = async () => {
    if (!sendDirect && !periodic && sendDateTime && new Date(sendDateTime).getTime() <= Date.now()) {
      setCalc(null);
      setErrors({ sendDateTime: t('dateExpired') });
      return;
    }
    setBusy(true);
    try {
      if (periodic) {
        // A periodic send answers its definition; its sends appear in the outbox as they are made.
        const definition = await api.post<PeriodicSend>('/ScheduledMessages/Create', body(), { quiet: true });
        showToast({ kind: 'success', message: t('periodic.created', { at: definition.dateTimeNext ? formatDateTime(definition.dateTimeNext, i18n.language) : '—' }) });
        setCalc(null);
        navigate(PERIODIC_SENDS_PATH);
        return;
      }
      const send = await api.post<Send>('/ScheduledMessages/Create', { ...body(), sendId: sendId.current }, { quiet: true });
      showToast({ kind: 'success', message: t(send.repeated ? 'repeated' : 'created') });
      setCalc(null);
      navigate(outboxDetailPath(send.id));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setCalc(null);
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };

  const manualCount = recipients.manual.length;
  // The server names the field of the mode that failed (e.g. its maximum of numbers); all belong under the recipients.
  const recipientsError = errors.receivers ?? errors.receiversText ?? errors.recipientsUploadId;
  const clipboardCount = splitNumbers(recipients.clipboard).length;
  return (
    <section data-testid={`${prefix}-send-page`}>
      <PageHeader title={t(`${prefix}.title`)} />
      <form noValidate onSubmit={(e) => void preview(e)} className="grid max-w-3xl gap-4" data-testid="send-form">
        <ErrorSummary errors={errors} testId="send-errors" />
        <Select id="send-line" data-testid="send-line" label={t('line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          hint={!linesLoading && lines?.length === 0 ? t('noLines') : undefined} error={errors.senderNumberId}
          onChange={(v) => { setLineId(v === null ? null : Number(v)); setIsFlash(false); }} />
        <div>
          <label htmlFor="send-text" className="mb-1 block text-sm font-medium">{t('text')}<span className="text-red-600"> *</span></label>
          <textarea id="send-text" data-testid="send-text" rows={6} value={text} maxLength={5000} onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.smsBody ? true : undefined} aria-describedby="send-counter"
            className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.smsBody ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
          <div id="send-counter"><SmsCounter text={text} /></div>
          {errors.smsBody && <p className="text-sm text-red-700" data-testid="send-text-error">{errors.smsBody}</p>}
        </div>
        <CheckboxField id="send-flash" data-testid="send-flash" label={t('flash')} checked={isFlash} onCheckedChange={setIsFlash}
          disabled={!!line && !line.isCanSendFlashSms} hint={line && !line.isCanSendFlashSms ? t('flashNotAllowed') : undefined} error={errors.isFlashSms} />

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="send-recipients">
          <legend className="px-1 text-sm font-semibold">{t('recipients')}</legend>
          {sendType === 'Bulk' && (
            <div role="radiogroup" aria-label={t('recipients')} className="mb-3 flex flex-wrap gap-4">
              {MODES.map((m) => (
                <label key={m} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="send-mode" value={m} checked={mode === m} onChange={() => switchMode(m)} data-testid={`send-mode-${m}`} />
                  {t(`modes.${m}`)}
                </label>
              ))}
            </div>
          )}
          {mode === 'manual' && (
            <div>
              <div className="flex flex-wrap items-start gap-2">
                <TextField id="send-mobile" data-testid="send-mobile" label={t('mobile')} value={mobile} dir="ltr" inputMode="tel" maxLength={20}
                  error={mobileError} onChange={(e) => setMobile(e.target.value)}
                  onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addMobile(); } }} />
                <Button variant="secondary" className="mt-6" onClick={addMobile} data-testid="send-mobile-add">{t('add')}</Button>
              </div>
              <p className="mt-2 text-sm" data-testid="send-manual-count" data-count={manualCount}>{t('numbersCount', { n: digits(manualCount) })}</p>
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="send-manual-list">
                {recipients.manual.map((m) => (
                  <li key={m} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-700" data-testid="send-manual-item">
                    <span dir="ltr">{digits(m)}</span>
                    <button type="button" aria-label={t('remove')} className="text-red-700" onClick={() => setRecipients((r) => ({ ...r, manual: r.manual.filter((x) => x !== m) }))}>×</button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {mode === 'clipboard' && (
            <div>
              <label htmlFor="send-clipboard" className="mb-1 block text-sm">{t('pasteHere')}</label>
              <textarea id="send-clipboard" data-testid="send-clipboard" rows={6} dir="ltr" value={recipients.clipboard}
                onChange={(e) => setRecipients((r) => ({ ...r, clipboard: e.target.value }))}
                className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
              <p className="text-sm" data-testid="send-clipboard-count" data-count={clipboardCount}>{t('numbersCount', { n: digits(clipboardCount) })}</p>
            </div>
          )}
          {mode === 'upload' && (
            <div>
              <label htmlFor="send-file" className="mb-1 block text-sm">{t('file')}</label>
              <input ref={fileInput} id="send-file" data-testid="send-file" type="file" accept=".txt,.csv,text/plain,text/csv" disabled={uploading}
                onChange={(e) => void upload(e.target.files?.[0])} />
              {uploading && <p className="text-sm" role="status">{t('uploading')}</p>}
              {recipients.upload && (
                <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" data-testid="send-upload-result" data-valid={recipients.upload.validCount}>
                  <span>{t('uploaded', { valid: digits(recipients.upload.validCount), wrong: digits(recipients.upload.wrongNumberCount), duplicate: digits(recipients.upload.duplicateCount) })}</span>
                  <Button size="sm" variant="ghost" onClick={() => { setRecipients(NO_RECIPIENTS); if (fileInput.current) fileInput.current.value = ''; }}>{t('removeUpload')}</Button>
                </div>
              )}
            </div>
          )}
          {recipientsError && <p className="mt-2 text-sm text-red-700" data-testid="send-receivers-error">{recipientsError}</p>}
        </fieldset>

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('schedule')}</legend>
          <SendKindSection value={kind} onChange={setKind} allowGradual={sendType === 'Bulk'} errors={errors} />
          {!periodic && (<>
          <div className="my-2 flex gap-4">
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="send-when" checked={sendDirect} onChange={() => setSendDirect(true)} data-testid="send-now" />{t('sendNow')}</label>
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="send-when" checked={!sendDirect} onChange={() => setSendDirect(false)} data-testid="send-later" />{t('sendLater')}</label>
          </div>
          {!sendDirect && (
            <DateTimePicker id="send-datetime" data-testid="send-datetime" label={t('sendDateTime')} value={sendDateTime} required
              onChange={(v) => {
                setSendDateTime(v);
                setErrors(({ sendDateTime: _old, ...rest }) => (v && new Date(v).getTime() <= Date.now() ? { ...rest, sendDateTime: t('dateExpired') } : rest));
              }}
              error={errors.sendDateTime} />
          )}
          </>)}
        </fieldset>
        <TextField id="send-description" data-testid="send-description" label={t('description')} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy && !calc} data-testid="send-preview-open">{t('preview')}</Button>
        </div>
      </form>
      {calc && <PreviewDialog calc={calc} busy={busy} onConfirm={() => void confirm()} onClose={() => setCalc(null)} />}
    </section>
  );
}

export function SingleSendPage() {
  return <SendPage key="Single" sendType="Single" />;
}

export function BulkSendPage() {
  return <SendPage key="Bulk" sendType="Bulk" />;
}
