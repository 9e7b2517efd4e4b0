import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { PreviewDialog } from './preview-dialog';
import { checkSendKind, INITIAL_SEND_KIND, SendKindSection, sendKindBody, type SendKind } from './send-kind-section';
import { getMyNumbers, linesKeys, SEND_TYPE_FLAGS } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { newSendId, outboxDetailPath, sendingApi, type Calculation, type SendType } from './sending-api';
import { PERIODIC_SENDS_PATH } from './periodic-api';
import { formatDateTime } from '../../shared/dates/jalali';
import { SmsCounter } from './sms-counter';
import { sendTimeProblem, useFormFailure } from './send-form-failure';
import { phonebookBody, TemplateFields } from './phonebook-recipients';
import { useCurrentUser } from '../../shared/auth/current-user';
import { SHORT_LINK_MODES, ShortLinkModeField, type ShortLinkMode } from '../short-links/short-link-mode-field';
import { hasRecipients, NO_RECIPIENTS, RecipientsSection, recipientsBody, type Recipients, type RecipientsMode } from './recipients-section';

/** The compose screen of a single or bulk send: line, text, recipients, flash, schedule, preview, confirm. */
function SendPage({ sendType }: { sendType: SendType }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('sending');
  const navigate = useNavigate();
  const prefix = sendType === 'Single' ? 'single' : 'bulk';
  const [mode, setMode] = useState<RecipientsMode>('manual');
  const [recipients, setRecipients] = useState<Recipients>(NO_RECIPIENTS);
  // A phonebook send is its own send type, and a dynamic one another: the lines that may carry it
  // (isSendPhonebook, isSendDynamic).
  const phonebook = mode === 'phonebook';
  const dynamic = phonebook && recipients.phonebook.dynamic;
  const lineType = dynamic ? 'Dynamic' : phonebook ? 'PhoneBook' : sendType;
  // The old list stays while the new send type's loads: an empty list in between would clear the
  // chosen line (the select clears its value when its items go from some to none).
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers(lineType), () =>
    getMyNumbers(api, { sendType: lineType }), { keepPreviousData: true });
  const [lineId, setLineId] = useState<number | null>(null);
  // `?text=` and `?shortLinkMode=` (a survey's "Send survey", issue 28: its address as a personal
  // link per receiver, so each answer names its receiver) open the form with them chosen.
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('text') ?? '');
  const [isFlash, setIsFlash] = useState(false);
  const [shortLinkMode, setShortLinkMode] = useState<ShortLinkMode>(() => {
    const asked = params.get('shortLinkMode');
    return (SHORT_LINK_MODES as readonly string[]).includes(asked ?? '') ? asked as ShortLinkMode : 'None';
  });
  const [description, setDescription] = useState('');
  // The user flag isSendSmsDescriptionRequired: the server refuses such a user's send without one.
  const descriptionRequired = useCurrentUser().data?.isSendSmsDescriptionRequired === true;
  const [sendDirect, setSendDirect] = useState(true);
  const [sendDateTime, setSendDateTime] = useState<string | null>(null);
  // `?kind=periodic` (the periodic list's New) opens the form with its schedule set to Periodic.
  const [kind, setKind] = useState<SendKind>(() => (params.get('kind') === 'periodic' ? { ...INITIAL_SEND_KIND, typeSend: 'periodic' } : INITIAL_SEND_KIND));
  const periodic = kind.typeSend === 'periodic' || kind.typeSend === 'gradualPeriodic';
  const [calc, setCalc] = useState<Calculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef<string>(newSendId());
  const { errors, setErrors, formRef, fail } = useFormFailure(t('formInvalid'));

  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);
  const line = lines?.find((l) => l.id === lineId) ?? null;

  const body = () => ({
    senderNumberId: lineId ?? undefined,
    smsBody: text,
    ...(phonebook ? phonebookBody(recipients.phonebook) : { sendType, ...recipientsBody(recipients, mode) }),
    isFlashSms: isFlash,
    shortLinkMode: periodic ? 'None' : shortLinkMode,
    // A periodic send's time comes from its pattern, not from the send-later picker.
    sendDirect: periodic ? true : sendDirect,
    sendDateTime: sendDirect || periodic ? null : sendDateTime,
    ...sendKindBody(kind),
    description: description.trim() || undefined,
  });
  const create = dynamic ? sendingApi.createDynamic : phonebook ? sendingApi.createByPhonebook : sendingApi.create;
  const calculate = dynamic ? sendingApi.previewDynamic : phonebook ? sendingApi.previewByPhonebook : sendingApi.preview;
  // The chosen line stays while it may still send: switching the recipients (and so the send type
  // and its list of lines) keeps it when the new list, once loaded, holds it too.
  if (lines && lineId !== null && !lines.some((l) => l.id === lineId)) setLineId(null);
  const changeMode = (next: RecipientsMode) => {
    setMode(next);
    // A phonebook send is never periodic.
    if (next === 'phonebook' && periodic) setKind((k) => ({ ...k, typeSend: 'direct' }));
  };

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!lineId) out.senderNumberId = t('required');
    if (!text.trim()) out.smsBody = t('required');
    if (descriptionRequired && !description.trim()) out.description = t('required');
    if (!hasRecipients(recipients, mode)) out.receivers = t('noRecipients');
    Object.assign(out, checkSendKind(kind, t));
    const timeProblem = periodic ? null : sendTimeProblem(sendDirect, sendDateTime);
    if (timeProblem) out.sendDateTime = t(timeProblem);
    return out;
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    if (Object.keys(local).length) { fail(local); return; }
    setErrors({});
    setBusy(true);
    try {
      setCalc(await calculate(api, body(), { quiet: true }));
      // A fresh id for this confirmation: a double click answers the same send, a new compose makes a new one.
      sendId.current = newSendId();
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  const confirm = async () => {
    if (!sendDirect && !periodic && sendDateTime && new Date(sendDateTime).getTime() <= Date.now()) {
      setCalc(null);
      fail({ sendDateTime: t('dateExpired') });
      return;
    }
    setBusy(true);
    try {
      if (periodic) {
        // A periodic send answers its definition; its sends appear in the outbox as they are made.
        const definition = await sendingApi.createPeriodic(api, body(), { quiet: true });
        showToast({ kind: 'success', message: t('periodic.created', { at: definition.dateTimeNext ? formatDateTime(definition.dateTimeNext, i18n.language) : '—' }) });
        setCalc(null);
        navigate(PERIODIC_SENDS_PATH);
        return;
      }
      const send = await create(api, { ...body(), sendId: sendId.current }, { quiet: true });
      showToast({ kind: 'success', message: t(send.repeated ? 'repeated' : 'created') });
      setCalc(null);
      navigate(outboxDetailPath(send.id));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setCalc(null);
      fail(errorsOf(err), err);
    } finally { setBusy(false); }
  };

  // The server names the field of the mode that failed (e.g. its maximum of numbers); all belong under the recipients.
  const recipientsError = errors.receivers ?? errors.receiversText ?? errors.recipientsUploadId ?? errors.phonebookIds;
  return (
    <section data-testid={`${prefix}-send-page`}>
      <PageHeader title={t(`${prefix}.title`)} />
      <form ref={formRef} noValidate onSubmit={(e) => void preview(e)} className="grid max-w-3xl gap-4" data-testid="send-form">
        <ErrorSummary errors={errors} testId="send-errors" />
        <MissingLineNotice show={!linesLoading && lines?.length === 0} flags={SEND_TYPE_FLAGS[lineType]} />
        <Select id="send-line" data-testid="send-line" label={t('line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.senderNumberId}
          onChange={(v) => { setLineId(v === null ? null : Number(v)); setIsFlash(false); }} />
        <div>
          <label htmlFor="send-text" className="mb-1 block text-sm font-medium">{t('text')}<span className="text-red-600"> *</span></label>
          <textarea id="send-text" data-testid="send-text" rows={6} dir="auto" value={text} maxLength={5000} onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.smsBody ? true : undefined} aria-describedby={errors.smsBody ? 'send-counter send-text-error' : 'send-counter'}
            className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.smsBody ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
          <div id="send-counter"><SmsCounter text={text} /></div>
          {dynamic && <TemplateFields onInsert={(placeholder) => setText((v) => v + placeholder)} />}
          {errors.smsBody && <p id="send-text-error" role="alert" className="text-sm text-red-700" data-testid="send-text-error">{errors.smsBody}</p>}
        </div>
        <CheckboxField id="send-flash" data-testid="send-flash" label={t('flash')} checked={isFlash} onCheckedChange={setIsFlash}
          disabled={!!line && !line.isCanSendFlashSms} hint={line && !line.isCanSendFlashSms ? t('flashNotAllowed') : undefined} error={errors.isFlashSms} />
        <ShortLinkModeField value={periodic ? 'None' : shortLinkMode} onChange={setShortLinkMode} disabled={periodic} error={errors.shortLinkMode} />

        <RecipientsSection sendType={sendType} mode={mode} onModeChange={changeMode} recipients={recipients} setRecipients={setRecipients}
          error={recipientsError} errors={errors} allowPhonebook={sendType === 'Bulk'} onErrors={setErrors} />

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('schedule')}</legend>
          <SendKindSection value={kind} onChange={setKind} allowGradual={sendType === 'Bulk'} allowPeriodic={!phonebook} errors={errors} />
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
        <TextField id="send-description" data-testid="send-description" label={t(descriptionRequired ? 'descriptionRequired' : 'description')} required={descriptionRequired}
          value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy && !calc} data-testid="send-preview-open">{t('preview')}</Button>
        </div>
      </form>
      {calc && <PreviewDialog calc={calc} busy={busy} sendAt={periodic ? undefined : sendDirect ? null : sendDateTime} onConfirm={() => void confirm()} onClose={() => setCalc(null)} />}
    </section>
  );
}

export function SingleSendPage() {
  return <SendPage key="Single" sendType="Single" />;
}

export function BulkSendPage() {
  // A fresh form when the menu's Bulk send follows a periodic New (the same route, another kind).
  const [params] = useSearchParams();
  return <SendPage key={`Bulk-${params.get('kind') ?? ''}`} sendType="Bulk" />;
}
