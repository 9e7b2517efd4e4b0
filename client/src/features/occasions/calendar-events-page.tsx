import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { monthNames, utcToJalali } from '../../shared/dates/jalali';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { calendarEventsApi, eventDateText, eventTitle, occasionsKeys, type CalendarEvent } from './occasions-api';

const numberOrNull = (v: string): number | null => {
  const s = toLatinDigits(v.trim());
  return s === '' || !/^\d+$/.test(s) ? null : Number(s);
};

function EventDialog({ editing, month, onClose, onSaved }: { editing: CalendarEvent | null; month: number; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('occasions');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [titleEn, setTitleEn] = useState(editing?.titleEn ?? '');
  const [eventMonth, setEventMonth] = useState<number>(editing?.jalaliMonth ?? month);
  const [day, setDay] = useState(editing ? String(editing.jalaliDay) : '');
  const [year, setYear] = useState(editing?.jalaliYear ? String(editing.jalaliYear) : '');
  const [isHoliday, setIsHoliday] = useState(editing?.isHoliday ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const months = monthNames('solar', i18n.language).map((title, i) => ({ id: i + 1, title }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!title.trim()) local.title = t('common.required');
    if (numberOrNull(day) === null) local.jalaliDay = t('common.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const body = { title: title.trim(), titleEn: titleEn.trim() || null, jalaliMonth: eventMonth, jalaliDay: numberOrNull(day), jalaliYear: numberOrNull(year), isHoliday };
      if (editing) await calendarEventsApi.update(api, { id: editing.id, ...body }, { quiet: true });
      else await calendarEventsApi.create(api, body, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'calendar.editTitle' : 'calendar.createTitle')} data-testid="calendar-event-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="calendar-event-errors" />
        <div className="mb-4 grid gap-3">
          <TextField id="event-title" data-testid="event-title" label={t('calendar.fields.title')} value={title} dir="auto" maxLength={200} required
            error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <TextField id="event-title-en" data-testid="event-title-en" label={t('calendar.fields.titleEn')} value={titleEn} dir="ltr" maxLength={200}
            error={errors.titleEn} onChange={(e) => setTitleEn(e.target.value)} />
          <div className="flex flex-wrap gap-3">
            <Select id="event-month" data-testid="event-month" label={t('calendar.fields.month')} items={months} value={eventMonth} required optimalSearch={false}
              error={errors.jalaliMonth} onChange={(v) => setEventMonth(v === null ? month : Number(v))} />
            <TextField id="event-day" data-testid="event-day" label={t('calendar.fields.day')} value={day} dir="ltr" inputMode="numeric" required
              error={errors.jalaliDay} onChange={(e) => setDay(e.target.value)} />
            <TextField id="event-year" data-testid="event-year" label={t('calendar.fields.year')} value={year} dir="ltr" inputMode="numeric"
              error={errors.jalaliYear} onChange={(e) => setYear(e.target.value)} />
          </div>
          <CheckboxField id="event-holiday" data-testid="event-holiday" label={t('calendar.fields.isHoliday')} checked={isHoliday} onCheckedChange={setIsHoliday} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="event-save">{t('common.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The calendar by Jalali month: official holidays (read only) and the organization's own events (editable). */
export function CalendarEventsPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('occasions');
  const digits = useDigits();
  const today = useMemo(() => utcToJalali(new Date()), []);
  const [month, setMonth] = useState(today.month);
  const [year, setYear] = useState(today.year);
  const [dialog, setDialog] = useState<{ editing: CalendarEvent | null } | null>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(occasionsKeys.eventsOfMonth(month, year), () =>
    calendarEventsApi.list(api, { month, year }));
  const months = monthNames('solar', i18n.language).map((title, i) => ({ id: i + 1, title }));
  const years = Array.from({ length: 5 }, (_, i) => today.year - 1 + i).map((y) => ({ id: y, title: digits(y) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await calendarEventsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('calendar.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<CalendarEvent>[]>(() => [
    { key: 'date', header: t('calendar.columns.date'), hideable: false, cell: (e) => <span data-testid="event-row-date">{eventDateText(e, i18n.language)}</span> },
    { key: 'title', header: t('calendar.columns.title'), cell: (e) => <span dir="auto" data-testid="event-row-title">{eventTitle(e, i18n.language)}</span> },
    {
      key: 'kind', header: t('calendar.columns.kind'), cell: (e) => (
        <span data-testid="event-row-kind" data-system={e.isSystem}>
          {t(e.isSystem ? 'calendar.system' : 'calendar.own')}
          {e.isHoliday && <span className="ms-1 rounded bg-red-100 px-1 text-xs text-red-800 dark:bg-red-900 dark:text-red-100">{t('calendar.holiday')}</span>}
        </span>
      ),
    },
    { key: 'repeat', header: t('calendar.columns.repeat'), cell: (e) => (e.jalaliYear ? t('calendar.once', { year: digits(e.jalaliYear) }) : t('calendar.yearly')) },
    {
      key: 'actions', header: t('calendar.columns.actions'), hideable: false, cell: (e) => (e.isSystem
        ? <span className="text-xs text-slate-600 dark:text-slate-300" title={t('calendar.readOnly')}>—</span>
        : (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: e })} data-testid="event-edit">{t('common.edit')}</Button>
            <Button size="sm" variant="danger" onClick={() => setDeleting(e)} data-testid="event-delete">{t('common.delete')}</Button>
          </div>
        )),
    },
  ], [t, i18n.language, digits]);

  const count = data?.totalCount ?? 0;
  return (
    <section data-testid="calendar-events-page">
      <PageHeader title={t('calendar.title')} actions={<Button onClick={() => setDialog({ editing: null })} data-testid="event-create">{t('calendar.create')}</Button>} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Select id="calendar-month" data-testid="calendar-month" label={t('calendar.month')} items={months} value={month} optimalSearch={false} clearable={false}
          className="w-48" onChange={(v) => v !== null && setMonth(Number(v))} />
        <Select id="calendar-year" data-testid="calendar-year" label={t('calendar.year')} items={years} value={year} optimalSearch={false} clearable={false}
          className="w-36" onChange={(v) => v !== null && setYear(Number(v))} />
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(e) => e.id} loading={isLoading} caption={t('calendar.title')}
        emptyText={t('calendar.empty')} emptyDescription={t('calendar.emptyHint')}
        pageIndex={0} pageSize={Math.max(count, 1)} totalCount={count} onPageChange={() => undefined} columnChooser={false} data-testid="calendar-events-table" />
      {dialog && (
        <EventDialog editing={dialog.editing} month={month} onClose={() => setDialog(null)}
          onSaved={() => { setDialog(null); showToast({ kind: 'success', message: t('calendar.saved') }); void mutate(); }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('calendar.deleteTitle')}
        message={deleting ? t('calendar.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="event-delete-dialog" />
    </section>
  );
}
