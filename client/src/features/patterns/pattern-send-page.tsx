import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { sendTimeProblem, useFormFailure } from '../sending/send-form-failure';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { PreviewDialog } from '../sending/preview-dialog';
import { NO_PHONEBOOKS, PhonebookRecipientsPicker, phonebookBody, type PhonebookRecipients } from '../sending/phonebook-recipients';
import { newSendId, outboxDetailPath, type Calculation } from '../sending/sending-api';
import { getMyNumbers, linesKeys, SEND_TYPE_FLAGS } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { StatusBadge } from './patterns-page';
import { PATTERNS_PATH, patternsApi, patternsKeys } from './patterns-api';

/**
 * A saved pattern sent to phonebooks (`CreateFastPatternScheduledMessageByPhonebook`): line (one
 * that may send dynamic messages), a confirmed pattern, phonebooks with their range and filter,
 * now or later; the preview shows the most expensive contact's text, then the send.
 */
export function PatternSendPage() {
  const { api } = useApp();
  const { t } = useTranslation('patterns');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Dynamic'), () => getMyNumbers(api, { sendType: 'Dynamic' }));
  const { data: patterns, isLoading: patternsLoading } = useSWR(patternsKeys.choices(), () => patternsApi.choices(api));
  const [lineId, setLineId] = useState<number | null>(null);
  const [patternId, setPatternId] = useState<number | null>(() => (params.get('patternId') ? Number(params.get('patternId')) : null));
  const [books, setBooks] = useState<PhonebookRecipients>(NO_PHONEBOOKS);
  const [sendDirect, setSendDirect] = useState(true);
  const [sendDateTime, setSendDateTime] = useState<string | null>(null);
  const [calc, setCalc] = useState<Calculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef<string>(newSendId());
  const { errors, setErrors, formRef, fail } = useFormFailure(t('sendPage.formInvalid'));

  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);
  const pattern = patterns?.find((p) => p.id === patternId) ?? null;

  const body = () => ({
    senderNumberId: lineId ?? undefined,
    patternId: patternId ?? undefined,
    ...phonebookBody(books),
    sendDirect,
    sendDateTime: sendDirect ? null : sendDateTime,
  });

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!lineId) out.senderNumberId = t('required');
    if (!patternId) out.patternId = t('required');
    if (books.books.length === 0) out.phonebookIds = t('sendPage.noRecipients');
    const timeProblem = sendTimeProblem(sendDirect, sendDateTime);
    if (timeProblem) out.sendDateTime = t(timeProblem === 'required' ? 'required' : 'sendPage.dateExpired');
    return out;
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    if (Object.keys(local).length) { fail(local); return; }
    setErrors({});
    setBusy(true);
    try {
      setCalc(await patternsApi.preview(api, body(), { quiet: true }));
      sendId.current = newSendId();
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const send = await patternsApi.send(api, { ...body(), sendId: sendId.current }, { quiet: true });
      showToast({ kind: 'success', message: t(send.repeated ? 'sendPage.repeated' : 'sendPage.created') });
      setCalc(null);
      navigate(outboxDetailPath(send.id));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setCalc(null);
      fail(errorsOf(err), err);
    } finally { setBusy(false); }
  };

  const invalid = errors.phonebookIds ? { error: errors.phonebookIds } : {};
  return (
    <section data-testid="pattern-send-page">
      <PageHeader title={t('sendPage.title')} />
      <form ref={formRef} noValidate onSubmit={(e) => void preview(e)} className="grid max-w-3xl gap-4" data-testid="pattern-send-form">
        <ErrorSummary errors={errors} testId="pattern-send-errors" />
        {/* A pattern sends as Dynamic. */}
        <MissingLineNotice show={!linesLoading && lines?.length === 0} flags={SEND_TYPE_FLAGS.Dynamic} />
        <Select id="pattern-send-line" data-testid="pattern-send-line" label={t('sendPage.line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.senderNumberId}
          onChange={(v) => setLineId(v === null ? null : Number(v))} />
        <div>
          <Select id="pattern-send-pattern" data-testid="pattern-send-pattern" label={t('sendPage.pattern')} items={patterns} value={patternId ?? ''} loading={patternsLoading} required
            error={errors.patternId} renderOption={(p) => <UserText>{p.title}</UserText>}
            onChange={(v) => { setPatternId(v === null ? null : Number(v)); setErrors(({ patternId: _stale, ...rest }) => rest); }} />
          {!patternsLoading && patterns?.length === 0 && (
            <p className="mt-1 text-sm" data-testid="pattern-send-none">{t('sendPage.noPatterns')} <Link className="text-sky-700 underline dark:text-sky-300" to={PATTERNS_PATH}>{t('sendPage.goPatterns')}</Link></p>
          )}
          {pattern && (
            <div className="mt-2 grid gap-1 text-sm" data-testid="pattern-send-text">
              <p className="font-medium">{t('sendPage.patternText')} <StatusBadge pattern={{ status: 'Confirmed', confirmedAbove: pattern.confirmedAbove }} /></p>
              <p dir="auto" className="whitespace-pre-wrap rounded bg-slate-100 p-2 dark:bg-slate-700">{pattern.smsText}</p>
              {!pattern.confirmedAbove && <p className="text-xs text-slate-600 dark:text-slate-300">{t('sendPage.queued')}</p>}
            </div>
          )}
        </div>
        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('sendPage.recipients')}</legend>
          <PhonebookRecipientsPicker value={books} onChange={setBooks} errors={errors} invalid={invalid} hideDynamic />
        </fieldset>
        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <div className="my-2 flex gap-4">
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="pattern-send-when" checked={sendDirect} onChange={() => setSendDirect(true)} data-testid="pattern-send-now" />{t('sendPage.sendNow')}</label>
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="pattern-send-when" checked={!sendDirect} onChange={() => setSendDirect(false)} data-testid="pattern-send-later" />{t('sendPage.sendLater')}</label>
          </div>
          {!sendDirect && (
            <DateTimePicker id="pattern-send-datetime" data-testid="pattern-send-datetime" label={t('sendPage.sendDateTime')} value={sendDateTime} required
              onChange={setSendDateTime} error={errors.sendDateTime} />
          )}
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" loading={busy && !calc} data-testid="pattern-send-preview">{t('sendPage.preview')}</Button>
        </div>
      </form>
      {calc && <PreviewDialog calc={calc} busy={busy} sendAt={sendDirect ? null : sendDateTime} onConfirm={() => void confirm()} onClose={() => setCalc(null)} />}
    </section>
  );
}
