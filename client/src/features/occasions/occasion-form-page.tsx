import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { cx } from '../../shared/ui/class-names';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { TemplateFields } from '../sending/phonebook-recipients';
import { getCustomFields, getPhonebookChoices } from '../contacts/contacts-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { outboxDetailPath } from '../sending/sending-api';
import { useFormFailure } from '../sending/send-form-failure';
import { SmsCounter } from '../sending/sms-counter';
import { calendarEventsApi, eventDateText, eventTitle, jalaliDayText, OCCASIONS_PATH, occasionsApi, occasionsKeys, type CalendarEvent } from './occasions-api';

interface DateField { id: string; title: string }

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Create or edit an occasion send; an existing one shows its recent runs with links to their sends. */
export function OccasionFormPage() {
  const { id } = useParams();
  const editingId = id && id !== 'new' ? Number(id) : null;
  const { api } = useApp();
  const { t, i18n } = useTranslation('occasions');
  const digits = useDigits();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: existing, isLoading: loadingExisting } = useSWR(editingId ? occasionsKeys.one(editingId) : null, () => occasionsApi.get(api, editingId!));
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Dynamic'), () => getMyNumbers(api, { sendType: 'Dynamic' }));
  const { data: books, isLoading: booksLoading } = useSWR(occasionsKeys.phonebooks(), () => getPhonebookChoices(api));
  const { data: events } = useSWR(occasionsKeys.allEvents(), () => calendarEventsApi.list(api));
  const { data: customFields } = useSWR(occasionsKeys.customFields(), () => getCustomFields(api));

  const [title, setTitle] = useState('');
  const [lineId, setLineId] = useState<number | null>(null);
  const [bookIds, setBookIds] = useState<number[]>([]);
  const [byEvents, setByEvents] = useState(false);
  const [eventIds, setEventIds] = useState<number[]>([]);
  const [field, setField] = useState<string>('birthdate');
  const [toConsiderYear, setToConsiderYear] = useState(false);
  const [daysBefore, setDaysBefore] = useState('0');
  const [hour, setHour] = useState(9);
  const [templateTitle, setTemplateTitle] = useState('');
  const [text, setText] = useState('');
  const [isActive, setIsActive] = useState(true);
  const { errors, formRef, fail } = useFormFailure(t('common.formInvalid'));
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    if (!existing || loaded.current) return;
    loaded.current = true;
    setTitle(existing.title); setLineId(existing.privateNumberId); setBookIds(existing.phonebookIds); setByEvents(existing.calenderEvent);
    setEventIds([...existing.calendarEvents, ...existing.calenderOrganizationEvents]); setField(existing.phonebookCustomFieldNameEn ?? 'birthdate');
    setToConsiderYear(existing.toConsiderYear); setDaysBefore(String(existing.howManyDaysSendItBeforeDueDate)); setHour(existing.sendHour);
    setTemplateTitle(existing.dynamicTemplateTitle); setText(existing.smsBody); setIsActive(existing.isActive);
  }, [existing]);

  const lineItems = useMemo(() => (lines ?? []).filter((l) => l.isSendOccasionPhonebook).map((l) => ({ id: l.id, title: l.useForm === 'Mask' && l.mask ? l.mask : l.number })), [lines]);
  const bookItems = useMemo(() => (books ?? []).filter((b) => !bookIds.includes(b.id)), [books, bookIds]);
  const eventItems = useMemo(() => (events?.items ?? []).filter((e) => !eventIds.includes(e.id))
    .map((e) => ({ ...e, label: `${eventDateText(e, i18n.language)} — ${eventTitle(e, i18n.language)}` })), [events, eventIds, i18n.language]);
  const dateFields = useMemo<DateField[]>(() => [
    { id: 'birthdate', title: t('form.birthdate') },
    ...(customFields?.items ?? []).filter((f) => f.type === 'Datetime').map((f) => ({ id: f.nameEn, title: `${f.nameFa} (${f.nameEn})` })),
  ], [customFields, t]);
  const eventById = (eid: number) => events?.items.find((e) => e.id === eid);
  const hourItems = HOURS.map((h) => ({ id: h, title: digits(`${String(h).padStart(2, '0')}:00`) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (lineId === null) local.privateNumberId = t('common.required');
    if (bookIds.length === 0) local.phonebookIds = t('common.required');
    if (!templateTitle.trim()) local.dynamicTemplateTitle = t('common.required');
    if (!text.trim()) local.smsBody = t('common.required');
    const days = Number(toLatinDigits(daysBefore.trim() || '0'));
    if (!Number.isInteger(days) || days < 0 || days > 365) local.howManyDaysSendItBeforeDueDate = t('common.daysInvalid');
    if (Object.keys(local).length) { fail(local); return; }
    const picked = eventIds.map(eventById).filter((x): x is CalendarEvent => !!x);
    const body = {
      title: title.trim(), privateNumberId: lineId, phonebookIds: bookIds, dynamicTemplateTitle: templateTitle.trim(), smsBody: text,
      sendHour: hour, howManyDaysSendItBeforeDueDate: days, calenderEvent: byEvents,
      calendarEvents: byEvents ? picked.filter((x) => x.isSystem).map((x) => x.id) : [],
      calenderOrganizationEvents: byEvents ? picked.filter((x) => !x.isSystem).map((x) => x.id) : [],
      phonebookCustomFieldNameEn: byEvents ? null : field, toConsiderYear: !byEvents && toConsiderYear, isActive,
    };
    setBusy(true);
    try {
      if (editingId) await occasionsApi.update(api, { id: editingId, ...body }, { quiet: true });
      else await occasionsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('list.saved') });
      // The list and this occasion read again: a page visited moments ago would otherwise show its cached rows.
      await mutate(occasionsKeys.isOccasionKey);
      void navigate(OCCASIONS_PATH);
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  if (editingId && loadingExisting) return <Spinner />;
  return (
    <section data-testid="occasion-form-page">
      <PageHeader title={t(editingId ? 'form.editTitle' : 'form.createTitle')} breadcrumbs={<Link to={OCCASIONS_PATH} className="underline">{t('common.back')}</Link>} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="occasion-form">
        <ErrorSummary errors={errors} testId="occasion-errors" />
        {/* An occasion sends as Dynamic, on a line open to occasions too. */}
        <MissingLineNotice show={!linesLoading && lineItems.length === 0} flags={['isSendDynamic', 'isSendOccasionPhonebook']} />
        <TextField id="occasion-title" data-testid="occasion-title" label={t('form.title')} value={title} dir="auto" maxLength={200} required
          error={errors.title} onChange={(e) => setTitle(e.target.value)} />
        <Select id="occasion-line" data-testid="occasion-line" label={t('form.line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.privateNumberId}
          onChange={(v) => setLineId(v === null ? null : Number(v))} />
        <div>
          <Select id="occasion-phonebook" data-testid="occasion-phonebook" label={t('form.phonebooks')} placeholder={t('form.pickPhonebook')} items={bookItems} value={null}
            loading={booksLoading} hint={!booksLoading && books?.length === 0 ? t('form.noPhonebooks') : undefined} error={errors.phonebookIds}
            renderOption={(b) => <span><UserText>{b.title}</UserText> <span className="text-xs">({digits(b.contactsCount)})</span></span>}
            onChange={(v) => { if (v !== null) setBookIds((ids) => [...ids, Number(v)]); }} />
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="occasion-phonebook-list">
            {bookIds.map((bid) => (
              <li key={bid} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-700" data-testid="occasion-phonebook-item">
                <UserText>{books?.find((b) => b.id === bid)?.title ?? `#${digits(bid)}`}</UserText>
                <button type="button" aria-label={t('common.remove')} className="text-red-700" onClick={() => setBookIds((ids) => ids.filter((x) => x !== bid))}>×</button>
              </li>
            ))}
          </ul>
        </div>

        <fieldset className="grid gap-3 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('form.source')}</legend>
          <div className="flex flex-wrap gap-4" role="radiogroup">
            <label className="flex items-center gap-2"><input type="radio" name="occasion-source" data-testid="occasion-source-field" checked={!byEvents} onChange={() => setByEvents(false)} />{t('form.sourceField')}</label>
            <label className="flex items-center gap-2"><input type="radio" name="occasion-source" data-testid="occasion-source-events" checked={byEvents} onChange={() => setByEvents(true)} />{t('form.sourceEvents')}</label>
          </div>
          {byEvents ? (
            <div>
              <Select id="occasion-event" data-testid="occasion-event" label={t('form.pickEvent')} hint={t('form.eventsHint')} items={eventItems} titleField="label" value={null}
                error={errors.calendarEvents ?? errors.calenderOrganizationEvents} onChange={(v) => { if (v !== null) setEventIds((ids) => [...ids, Number(v)]); }} />
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="occasion-event-list">
                {eventIds.map((eid) => {
                  const ev = eventById(eid);
                  return (
                    <li key={eid} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-700" data-testid="occasion-event-item">
                      <span dir="auto">{ev ? `${eventDateText(ev, i18n.language)} — ${eventTitle(ev, i18n.language)}` : `#${digits(eid)}`}</span>
                      <button type="button" aria-label={t('common.remove')} className="text-red-700" onClick={() => setEventIds((ids) => ids.filter((x) => x !== eid))}>×</button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            <>
              <Select id="occasion-field" data-testid="occasion-field" label={t('form.field')} items={dateFields} value={field} required clearable={false}
                error={errors.phonebookCustomFieldNameEn} onChange={(v) => setField(v === null ? 'birthdate' : String(v))} />
              <CheckboxField id="occasion-consider-year" data-testid="occasion-consider-year" label={t('form.toConsiderYear')} hint={t('form.toConsiderYearHint')}
                checked={toConsiderYear} onCheckedChange={setToConsiderYear} />
            </>
          )}
          <div className="flex flex-wrap gap-3">
            <TextField id="occasion-days-before" data-testid="occasion-days-before" label={t('form.daysBefore')} hint={t('form.daysBeforeHint')} value={daysBefore}
              dir="ltr" inputMode="numeric" error={errors.howManyDaysSendItBeforeDueDate} onChange={(e) => setDaysBefore(e.target.value)} />
            <Select id="occasion-hour" data-testid="occasion-hour" label={t('form.hour')} items={hourItems} value={hour} optimalSearch={false} clearable={false}
              error={errors.sendHour} onChange={(v) => setHour(v === null ? 9 : Number(v))} />
          </div>
        </fieldset>

        <TextField id="occasion-template-title" data-testid="occasion-template-title" label={t('form.templateTitle')} value={templateTitle} dir="auto" maxLength={200} required
          error={errors.dynamicTemplateTitle} onChange={(e) => setTemplateTitle(e.target.value)} />
        <div>
          <label htmlFor="occasion-text" className="mb-1 block text-sm font-medium">{t('form.text')}<span className="text-red-600"> *</span></label>
          <textarea id="occasion-text" data-testid="occasion-text" rows={5} dir="auto" value={text} maxLength={5000} onChange={(e) => setText(e.target.value)}
            aria-invalid={errors.smsBody ? true : undefined} aria-describedby={errors.smsBody ? 'occasion-counter occasion-text-error' : 'occasion-counter'}
            className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.smsBody ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
          <div id="occasion-counter"><SmsCounter text={text} /></div>
          <TemplateFields onInsert={(placeholder) => setText((v) => v + placeholder)} />
          {errors.smsBody && <p id="occasion-text-error" role="alert" className="text-sm text-red-700" data-testid="occasion-text-error">{errors.smsBody}</p>}
        </div>
        <CheckboxField id="occasion-active" data-testid="occasion-active" label={t('form.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void navigate(OCCASIONS_PATH)}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="occasion-save">{t('common.save')}</Button>
        </div>
      </form>

      {existing && (
        <section className="mt-6 max-w-3xl" data-testid="occasion-runs">
          <h2 className="mb-2 text-lg font-semibold">{t('form.runs')}</h2>
          {existing.runs.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t('form.noRuns')}</p> : (
            <table className="w-full text-sm">
              <thead><tr className="text-start">
                <th className="text-start">{t('form.runColumns.day')}</th><th className="text-start">{t('form.runColumns.result')}</th>
                <th className="text-start">{t('form.runColumns.recipients')}</th><th className="text-start">{t('form.runColumns.send')}</th><th className="text-start">{t('form.runColumns.price')}</th>
              </tr></thead>
              <tbody>
                {existing.runs.map((r) => (
                  <tr key={r.runDay} data-testid="occasion-run-row">
                    <td>{jalaliDayText(r.runDay, i18n.language)}</td>
                    <td className={r.failureCode ? 'text-red-700' : undefined}>{r.failureCode ? t('form.results.refused', { code: r.failureCode }) : r.sendId ? t('form.results.sent') : t('form.results.nobody')}</td>
                    <td>{digits(r.recipientCount)}</td>
                    <td>{r.sendId ? <Link className="text-sky-700 underline" to={outboxDetailPath(r.sendId)}>#{digits(r.sendId)}</Link> : '—'}</td>
                    <td>{r.totalPrice ? digits(r.totalPrice) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </section>
  );
}
