import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { surveyEditPath, surveyResultsPath, surveysApi, surveysKeys, type Survey } from './surveys-api';

/** Online surveys: the list, with their period, questions, finished responses and state. */
export function SurveysPage() {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<Survey | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(surveysKeys.list(pageIndex, pageSize, search), () =>
    surveysApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await surveysApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Survey>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (s) => <Link className="text-sky-700 underline" to={surveyEditPath(s.id)} data-testid="survey-row-title"><UserText>{s.title}</UserText></Link> },
    { key: 'period', header: t('list.columns.period'), cell: (s) => <span><DateDisplay value={s.startAt} /> – <DateDisplay value={s.endAt} /></span> },
    { key: 'questions', header: t('list.columns.questions'), cell: (s) => digits(s.questionCount) },
    { key: 'responses', header: t('list.columns.responses'), cell: (s) => <span data-testid="survey-row-responses">{digits(s.responseCount)}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (s) => <span data-testid="survey-row-status">{t(`statuses.${s.status}`)}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (s) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(surveyResultsPath(s.id))} data-testid="survey-results">{t('list.results')}</Button>
          <Button size="sm" variant="secondary" onClick={() => void navigate(surveyEditPath(s.id))} data-testid="survey-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(s)} data-testid="survey-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits, navigate]);

  const create = () => void navigate(surveyEditPath('new'));
  return (
    <section data-testid="surveys-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="survey-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="surveys" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(s) => s.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="survey-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="surveys-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="survey-delete-dialog" />
    </section>
  );
}
