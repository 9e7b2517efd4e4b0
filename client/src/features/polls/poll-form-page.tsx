import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { getPhonebookChoices } from '../contacts/contacts-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { useFormFailure } from '../sending/send-form-failure';
import { POLLS_PATH, pollPath, pollsApi, pollsKeys, type PollOptionInput } from './polls-api';

const emptyOption = (): PollOptionInput => ({ optionTitle: '', answerValue: '', isCorrect: false });
// Whole minutes, rounded down: a poll created "now" is open at once.
const hourFromNow = (h: number) => new Date(Math.floor((Date.now() + h * 3_600_000) / 60_000) * 60_000).toISOString();

/** Create or edit a poll or competition: its line, period, options with keywords, and what follows an answer. */
export function PollFormPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api } = useApp();
  const { t } = useTranslation('polls');
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: existing, isLoading: loadingExisting } = useSWR(editingId ? pollsKeys.one(editingId) : null, () => pollsApi.get(api, editingId!));
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Single'), () => getMyNumbers(api, { sendType: 'Single' }));
  const { data: books, isLoading: booksLoading } = useSWR(pollsKeys.phonebooks(), () => getPhonebookChoices(api));

  const [type, setType] = useState<'Poll' | 'Competition'>('Poll');
  const [title, setTitle] = useState('');
  const [lineId, setLineId] = useState<number | null>(null);
  const [bookId, setBookId] = useState<number | null>(null);
  const [startAt, setStartAt] = useState<string | null>(() => hourFromNow(0));
  const [endAt, setEndAt] = useState<string | null>(() => hourFromNow(24));
  const [countedAnswer, setCountedAnswer] = useState<'First' | 'Last'>('First');
  const [options, setOptions] = useState<PollOptionInput[]>([emptyOption(), emptyOption()]);
  const [isJustTrueAnswer, setIsJustTrueAnswer] = useState(false);
  const [isMainQuestion, setIsMainQuestion] = useState(false);
  const [replyText, setReplyText] = useState('');
  const [winnersCount, setWinnersCount] = useState('');
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    setType(existing.type as 'Poll' | 'Competition'); setTitle(existing.title); setLineId(existing.privateNumberId); setBookId(existing.senderPhonebookId);
    setStartAt(existing.startAt); setEndAt(existing.endAt); setCountedAnswer(existing.countedAnswer as 'First' | 'Last');
    setOptions(existing.options.map((o) => ({ optionTitle: o.optionTitle, answerValue: o.answerValue, isCorrect: o.isCorrect })));
    setIsJustTrueAnswer(existing.isJustTrueAnswer); setIsMainQuestion(existing.isMainQuestion); setReplyText(existing.replyText ?? '');
    setWinnersCount(existing.winnersCount === null ? '' : String(existing.winnersCount));
  }, [existing]);

  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.useForm === 'Mask' && l.mask ? l.mask : l.number })), [lines]);
  const typeItems = [{ id: 'Poll', title: t('types.Poll') }, { id: 'Competition', title: t('types.Competition') }];
  const setOption = (i: number, patch: Partial<PollOptionInput>) => setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...patch } : patch.isCorrect ? { ...o, isCorrect: false } : o)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (lineId === null) local.privateNumberId = t('common.required');
    if (!startAt) local.startAt = t('common.required');
    if (!endAt) local.endAt = t('common.required');
    const winners = winnersCount.trim() ? Number(toLatinDigits(winnersCount.trim())) : null;
    if (winners !== null && (!Number.isInteger(winners) || winners < 1)) local.winnersCount = t('common.required');
    if (Object.keys(local).length) { fail(local); return; }
    // Rows left wholly empty at the end are the form's spare rows, not options.
    const sent = [...options];
    while (sent.length > 1 && !sent[sent.length - 1].optionTitle.trim() && !sent[sent.length - 1].answerValue.trim()) sent.pop();
    const body = {
      type, title: title.trim(), privateNumberId: lineId, senderPhonebookId: bookId, options: sent.map((o) => ({ ...o, isCorrect: type === 'Competition' && o.isCorrect })),
      isJustTrueAnswer: type === 'Competition' && isJustTrueAnswer, isMainQuestion, startAt, endAt, countedAnswer, replyText: replyText.trim() || null, winnersCount: winners,
    };
    setBusy(true);
    try {
      const saved = editingId ? await pollsApi.update(api, { id: editingId, ...body }, { quiet: true }) : await pollsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('list.saved') });
      await mutate(pollsKeys.isPollKey);
      void navigate(pollPath(saved.id));
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  if (editingId && loadingExisting) return <Spinner />;
  return (
    <section data-testid="poll-form-page">
      <PageHeader title={t(editingId ? 'form.editTitle' : 'form.createTitle')} breadcrumbs={<Link to={POLLS_PATH} className="underline">{t('common.back')}</Link>} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="poll-form">
        <ErrorSummary errors={errors} testId="poll-errors" />
        <MissingLineNotice show={!linesLoading && lineItems.length === 0} flags={['isSendSingle']} />
        <Select id="poll-type" data-testid="poll-type" label={t('form.type')} items={typeItems} value={type} clearable={false} optimalSearch={false} required
          onChange={(v) => setType(v === 'Competition' ? 'Competition' : 'Poll')} />
        <TextField id="poll-title" data-testid="poll-title" label={t('form.title')} value={title} dir="auto" maxLength={200} required error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <Select id="poll-line" data-testid="poll-line" label={t('form.line')} hint={t('form.lineHint')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.privateNumberId} onChange={(v) => setLineId(v === null ? null : Number(v))} />
        <Select id="poll-phonebook" data-testid="poll-phonebook" label={t('form.phonebook')} hint={t('form.phonebookHint')} items={books ?? []} value={bookId ?? ''} loading={booksLoading}
          error={errors.senderPhonebookId} renderOption={(b) => <UserText>{b.title}</UserText>} onChange={(v) => setBookId(v === null ? null : Number(v))} />
        <div className="grid gap-3 sm:grid-cols-2">
          <DateTimePicker id="poll-start" data-testid="poll-start" label={t('form.startAt')} value={startAt} onChange={setStartAt} error={errors.startAt} required />
          <DateTimePicker id="poll-end" data-testid="poll-end" label={t('form.endAt')} value={endAt} onChange={setEndAt} error={errors.endAt} required />
        </div>
        <fieldset className="grid gap-2 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('form.countedAnswer')}</legend>
          <div className="flex flex-wrap gap-4" role="radiogroup">
            <label className="flex items-center gap-2"><input type="radio" name="poll-counted" data-testid="poll-counted-first" checked={countedAnswer === 'First'} onChange={() => setCountedAnswer('First')} />{t('form.first')}</label>
            <label className="flex items-center gap-2"><input type="radio" name="poll-counted" data-testid="poll-counted-last" checked={countedAnswer === 'Last'} onChange={() => setCountedAnswer('Last')} />{t('form.last')}</label>
          </div>
        </fieldset>

        <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="poll-options">
          <legend className="px-1 text-sm font-semibold">{t('form.options')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('form.keywordHint')}</p>
          {errors.options && <p role="alert" className="text-sm text-red-700" data-testid="poll-options-error">{errors.options}</p>}
          {options.map((o, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2" data-testid="poll-option">
              <TextField id={`poll-option-${i}-title`} data-testid="poll-option-title" label={t('form.optionTitle', { n: i + 1 })} value={o.optionTitle} dir="auto" maxLength={200}
                error={errors[`options[${i}].optionTitle`] ?? errors[`options[${i}]`]} onChange={(e) => setOption(i, { optionTitle: e.target.value })} />
              <TextField id={`poll-option-${i}-keyword`} data-testid="poll-option-keyword" label={t('form.answerValue', { n: i + 1 })} value={o.answerValue} dir="auto" maxLength={100}
                error={errors[`options[${i}].answerValue`]} onChange={(e) => setOption(i, { answerValue: e.target.value })} />
              {type === 'Competition' && (
                <CheckboxField id={`poll-option-${i}-correct`} data-testid="poll-option-correct" label={t('form.isCorrect')} checked={o.isCorrect} onCheckedChange={(c) => setOption(i, { isCorrect: c })} />
              )}
              <Button variant="ghost" size="sm" aria-label={t('form.removeOption', { n: i + 1 })} disabled={options.length === 1}
                onClick={() => setOptions((list) => list.filter((_, j) => j !== i))}>×</Button>
            </div>
          ))}
          <div><Button variant="secondary" size="sm" onClick={() => setOptions((list) => [...list, emptyOption()])} data-testid="poll-add-option" disabled={options.length >= 50}>{t('form.addOption')}</Button></div>
          {type === 'Competition' && (
            <CheckboxField id="poll-just-true" data-testid="poll-just-true" label={t('form.isJustTrueAnswer')} checked={isJustTrueAnswer} onCheckedChange={setIsJustTrueAnswer} />
          )}
        </fieldset>

        <TextField id="poll-reply" data-testid="poll-reply" label={t('form.replyText')} hint={t('form.replyTextHint')} value={replyText} dir="auto" maxLength={1000}
          error={errors.replyText} onChange={(e) => setReplyText(e.target.value)} />
        <TextField id="poll-winners" data-testid="poll-winners" label={t('form.winnersCount')} hint={t('form.winnersCountHint')} value={winnersCount} dir="ltr" inputMode="numeric"
          error={errors.winnersCount} onChange={(e) => setWinnersCount(e.target.value)} />
        <CheckboxField id="poll-main" data-testid="poll-main" label={t('form.isMainQuestion')} hint={t('form.isMainQuestionHint')} checked={isMainQuestion} onCheckedChange={setIsMainQuestion} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate(editingId ? pollPath(editingId) : POLLS_PATH)}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="poll-save">{t('common.save')}</Button>
        </div>
      </form>
    </section>
  );
}
