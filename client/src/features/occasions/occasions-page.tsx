import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { SearchBox } from '../admin-common/kit';
import { outboxDetailPath } from '../sending/sending-api';
import { getCustomFields } from '../contacts/contacts-api';
import { jalaliDayText, occasionPath, occasionsApi, occasionsKeys, type Occasion } from './occasions-api';
import { UserText } from '../../shared/ui/user-text';

/** Occasion send definitions: what, when, the last run (with its send in the outbox), on/off. */
export function OccasionsPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('occasions');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Occasion | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(occasionsKeys.list(pageIndex, pageSize, search), () =>
    occasionsApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));
  const { data: customFields } = useSWR(occasionsKeys.customFields(), () => getCustomFields(api));
  /** A contact date field by its name in the reader's language: birthdate's label, a custom field's Persian or English name. */
  const dateFieldName = (nameEn: string | null): string => {
    if (!nameEn || nameEn === 'birthdate') return t('form.birthdate');
    const custom = customFields?.items.find((f) => f.nameEn === nameEn);
    return custom && i18n.language === 'fa' ? custom.nameFa : nameEn;
  };

  const toggle = async (o: Occasion) => {
    try {
      await occasionsApi.changeStatus(api, { id: o.id, isActive: !o.isActive });
      showToast({ kind: 'success', message: t('list.changed') });
      await mutate();
    } catch { /* the error catalogue told the user */ }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await occasionsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Occasion>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (o) => <Link className="text-sky-700 underline" to={occasionPath(o.id)} data-testid="occasion-row-title"><UserText>{o.title}</UserText></Link> },
    { key: 'line', header: t('list.columns.line'), cell: (o) => <span dir="ltr">{digits(o.senderNumber ?? '')}</span> },
    {
      key: 'source', header: t('list.columns.source'), cell: (o) => <span data-testid="occasion-row-source">{o.calenderEvent
        ? t('list.sourceEvents', { n: digits(o.calendarEvents.length + o.calenderOrganizationEvents.length) })
        : t('list.sourceField', { field: dateFieldName(o.phonebookCustomFieldNameEn) })}</span>,
    },
    { key: 'daysBefore', header: t('list.columns.daysBefore'), cell: (o) => (o.howManyDaysSendItBeforeDueDate ? t('list.daysBefore', { n: digits(o.howManyDaysSendItBeforeDueDate) }) : t('list.sameDay')) },
    { key: 'hour', header: t('list.columns.hour'), cell: (o) => digits(`${String(o.sendHour).padStart(2, '0')}:00`) },
    {
      key: 'lastRun', header: t('list.columns.lastRun'), cell: (o) => (o.lastRunDay
        ? (
          <span data-testid="occasion-row-last-run">
            {jalaliDayText(o.lastRunDay, i18n.language)}
            {o.lastFailureCode && <span className="ms-1 text-red-700">({o.lastFailureCode})</span>}
            {o.lastSendId && <Link className="ms-1 text-sky-700 underline" to={outboxDetailPath(o.lastSendId)}>#{digits(o.lastSendId)}</Link>}
            {!o.lastSendId && !o.lastFailureCode && <span className="ms-1 text-slate-600 dark:text-slate-300">({t('form.results.nobody')})</span>}
          </span>
        )
        : <span className="text-slate-600 dark:text-slate-300">{t('list.never')}</span>),
    },
    { key: 'status', header: t('list.columns.status'), cell: (o) => <span data-testid="occasion-row-status" data-active={o.isActive}>{t(o.isActive ? 'list.active' : 'list.inactive')}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (o) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(occasionPath(o.id))} data-testid="occasion-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="secondary" onClick={() => void toggle(o)} data-testid="occasion-toggle">{t(o.isActive ? 'list.deactivate' : 'list.activate')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(o)} data-testid="occasion-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, i18n.language, digits, customFields]);

  const create = () => void navigate(occasionPath('new'));
  return (
    <section data-testid="occasions-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="occasion-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="occasions" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(o) => o.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="occasion-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="occasions-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="occasion-delete-dialog" />
    </section>
  );
}
