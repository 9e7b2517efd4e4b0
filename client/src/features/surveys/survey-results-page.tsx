import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { BarChart } from '../dashboard/tremor-charts';
import { SURVEYS_PATH, surveyEditPath, surveysApi, surveysKeys, type SurveyStatisticsAnswer } from './surveys-api';

const two = (n: number) => String(n).padStart(2, '0');

/** A survey's results: finished responses per Persian day, month and year, each question's answers, the respondents and the Excel export. */
export function SurveyResultsPage() {
  const { id } = useParams();
  const surveyId = Number(id);
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const { data: detail } = useSWR(surveysKeys.one(surveyId), () => surveysApi.get(api, surveyId));
  const { data: stats, isLoading } = useSWR(surveysKeys.statistics(surveyId), () => surveysApi.statistics(api, surveyId));
  const [exporting, setExporting] = useState(false);

  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await surveysApi.exportResponses(api, surveyId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `survey-${surveyId}-responses.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch { /* the error catalogue told the user */ } finally { setExporting(false); }
  };

  if (isLoading || !stats || !detail) return <Spinner />;
  const count = t('results.count');
  // Statistics are kept in the Persian calendar (the spec's Persian year, month, day), so both languages label them so.
  const dayData = stats.days.map((d) => ({ day: digits(`${d.persianYear}/${two(d.persianMonth)}/${two(d.persianDay)}`), [count]: d.responseCount }));
  const monthData = stats.months.map((m) => ({ day: digits(`${m.persianYear}/${two(m.persianMonth)}`), [count]: m.responseCount }));
  return (
    <section data-testid="survey-results-page">
      <PageHeader title={t('results.title', { title: detail.survey.title })} breadcrumbs={<Link to={SURVEYS_PATH} className="underline">{t('common.back')}</Link>}
        actions={<>
          <Link className="rounded border border-slate-300 px-3 py-1 text-sm underline dark:border-slate-600" to={surveyEditPath(surveyId)}>{t('common.edit')}</Link>
          <Button loading={exporting} onClick={() => void exportFile()} data-testid="survey-export">{t('results.export')}</Button>
        </>} />
      <dl className="mb-4 flex flex-wrap gap-6 text-sm">
        <div><dt className="text-slate-600 dark:text-slate-300">{t('results.responses')}</dt><dd className="text-2xl font-semibold" data-testid="survey-response-count">{digits(stats.responseCount)}</dd></div>
        <div><dt className="text-slate-600 dark:text-slate-300">{t('results.started')}</dt><dd className="text-2xl font-semibold" data-testid="survey-started-count">{digits(stats.startedCount)}</dd></div>
      </dl>
      {stats.responseCount === 0 ? <p className="mb-4 text-sm" data-testid="survey-no-responses">{t('results.noResponses')}</p> : (
        <div className="mb-6 grid gap-4 lg:grid-cols-2">
          <ChartCard title={t('results.perDay')} testId="survey-chart-days">
            <BarChart className="h-56" data={dayData} index="day" categories={[count]} colors={['blue']} showLegend={false} allowDecimals={false} valueFormatter={(n: number) => digits(n)} />
          </ChartCard>
          <ChartCard title={t('results.perMonth')} testId="survey-chart-months">
            <BarChart className="h-56" data={monthData} index="day" categories={[count]} colors={['emerald']} showLegend={false} allowDecimals={false} valueFormatter={(n: number) => digits(n)} />
            <ul className="mt-2 text-sm" data-testid="survey-years">
              {stats.years.map((y) => <li key={y.persianYear}>{t('results.perYear')}: {digits(y.persianYear)} — {digits(y.responseCount)}</li>)}
            </ul>
          </ChartCard>
        </div>
      )}
      <h2 className="mb-2 text-lg font-semibold">{t('results.perQuestion')}</h2>
      <div className="mb-6 grid gap-4 lg:grid-cols-2">
        {stats.questions.map((q, i) => <QuestionResult key={q.questionId} index={i} question={q} />)}
      </div>
      <Respondents surveyId={surveyId} />
    </section>
  );
}

function ChartCard({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function QuestionResult({ question: q, index }: { question: SurveyStatisticsAnswer['questions'][number]; index: number }) {
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const chosen = t('results.chooseCount');
  return (
    <section className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="survey-question-result">
      <h3 className="font-semibold">{digits(index + 1)}. <UserText>{q.text}</UserText></h3>
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('results.visits')}: {digits(q.visitCount)} — {t('results.answered')}: <span data-testid="survey-question-answered">{digits(q.answerCount)}</span></p>
      {q.type === 'Select' ? (
        <>
          <BarChart className="h-48" data={q.options.map((o) => ({ option: o.text, [chosen]: o.count }))} index="option" categories={[chosen]} colors={['violet']}
            showLegend={false} allowDecimals={false} valueFormatter={(n: number) => digits(n)} />
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">{q.text}</caption>
            <thead><tr><th className="text-start">{t('results.value')}</th><th className="text-start">{chosen}</th></tr></thead>
            <tbody>{q.options.map((o) => <tr key={o.answerId} data-testid="survey-option-count"><td><UserText>{o.text}</UserText></td><td>{digits(o.count)}</td></tr>)}</tbody>
          </table>
        </>
      ) : <TextAnswers questionId={q.questionId} />}
    </section>
  );
}

function TextAnswers({ questionId }: { questionId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const { data, isLoading } = useSWR(surveysKeys.textAnswers(questionId, pageIndex), () => surveysApi.textAnswers(api, { questionId, pageIndex, pageSize: 10 }));
  if (isLoading || !data) return <Spinner />;
  if (data.totalCount === 0) return <p className="text-sm">{t('results.noTextAnswers')}</p>;
  const pages = Math.ceil(data.totalCount / 10);
  return (
    <div data-testid="survey-text-answers">
      <ul className="mt-2 grid gap-1 text-sm">
        {data.items.map((a) => (
          <li key={a.responseId} className="border-b border-slate-100 pb-1 dark:border-slate-800">
            <span dir="auto">{a.value}</span> <span className="text-xs text-slate-600 dark:text-slate-300">— {a.receiver ? <span dir="ltr">{digits(a.receiver)}</span> : t('results.anonymous')}, <DateDisplay value={a.answeredAt} /></span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <Button size="sm" variant="ghost" disabled={pageIndex === 0} onClick={() => setPageIndex((p) => p - 1)}>{t('take.previous')}</Button>
          <span>{digits(pageIndex + 1)} / {digits(pages)}</span>
          <Button size="sm" variant="ghost" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex((p) => p + 1)}>{t('take.next')}</Button>
        </div>
      )}
    </div>
  );
}

function Respondents({ surveyId }: { surveyId: number }) {
  const { api } = useApp();
  const { t } = useTranslation('surveys');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const { data, isLoading } = useSWR([...surveysKeys.responses(surveyId, pageIndex), pageSize], () => surveysApi.responses(api, { surveyId, pageIndex, pageSize }));
  type Row = NonNullable<typeof data>['items'][number];
  const columns = useMemo<DataTableColumn<Row>[]>(() => [
    { key: 'receiver', header: t('results.receiver'), hideable: false, cell: (r) => (r.receiver ? <span dir="ltr" data-testid="survey-respondent-receiver">{digits(r.receiver)}</span> : t('results.anonymous')) },
    { key: 'code', header: t('results.code'), cell: (r) => <span dir="ltr">{r.sl ?? t('common.none')}</span> },
    { key: 'startedAt', header: t('results.startedAt'), cell: (r) => <DateDisplay value={r.startedAt} /> },
    { key: 'finishedAt', header: t('results.finishedAt'), cell: (r) => (r.finishedAt ? <DateDisplay value={r.finishedAt} /> : t('results.unfinished')) },
  ], [t, digits]);
  return (
    <section data-testid="survey-respondents">
      <h2 className="mb-2 text-lg font-semibold">{t('results.respondents')}</h2>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('results.respondents')} emptyText={t('results.noResponses')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="survey-respondents-table" />
    </section>
  );
}
