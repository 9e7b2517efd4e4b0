import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { onRealtimeEvent } from '../../shared/realtime/realtime';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { BarChart } from '../dashboard/tremor-charts';
import { isPollResults, POLL_RESULTS_EVENT, POLLS_PATH, pollEditPath, pollsApi, pollsKeys, type PollResults } from './polls-api';

/** One poll: its live results chart (moved by `poll-results` pushes), the draw and its winners, the participants' export. */
export function PollDetailPage() {
  const { id } = useParams();
  const pollId = Number(id);
  const { api } = useApp();
  const { t } = useTranslation('polls');
  const digits = useDigits();
  const navigate = useNavigate();
  const { data: poll, isLoading, mutate } = useSWR(pollsKeys.one(pollId), () => pollsApi.get(api, pollId));
  const [live, setLive] = useState<PollResults | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => onRealtimeEvent(POLL_RESULTS_EVENT, (payload) => {
    if (isPollResults(payload) && payload.pollId === pollId) setLive(payload);
  }), [pollId]);
  // A fresh read replaces what was pushed before it.
  useEffect(() => { if (poll) setLive(null); }, [poll]);

  if (isLoading || !poll) return <Spinner />;
  const results = live ?? poll.results;
  const votes = t('detail.votes');
  // A keyword is shown with the panel's digits: people may text it in either (the server folds them).
  const chartData = results.options.map((o) => ({ option: `${o.optionTitle} (${digits(o.answerValue)})`, [votes]: o.count }));

  const draw = async () => {
    setDrawing(true);
    try {
      await pollsApi.draw(api, { id: pollId });
      setConfirming(false);
      await mutate();
    } catch { setConfirming(false); } finally { setDrawing(false); }
  };
  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await pollsApi.exportParticipants(api, pollId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `poll-${pollId}-participants.xlsx`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch { /* the error catalogue told the user */ } finally { setExporting(false); }
  };
  const optionTitle = (optionId: number) => poll.options.find((o) => o.id === optionId)?.optionTitle ?? '';

  return (
    <section data-testid="poll-detail-page">
      <PageHeader title={poll.title} subtitle={`${t(`types.${poll.type}`)} — ${t(`statuses.${poll.status}`)}`}
        breadcrumbs={<Link to={POLLS_PATH} className="underline">{t('common.back')}</Link>}
        actions={<Button variant="secondary" onClick={() => void navigate(pollEditPath(pollId))} data-testid="poll-detail-edit">{t('common.edit')}</Button>} />

      <dl className="mb-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">{t('detail.line')}</dt><dd dir="ltr" className="text-start">{digits(poll.senderNumber ?? '')}</dd>
        <dt className="text-slate-600 dark:text-slate-300">{t('detail.period')}</dt><dd><DateDisplay value={poll.startAt} /> – <DateDisplay value={poll.endAt} /></dd>
        <dt className="text-slate-600 dark:text-slate-300">{t('detail.counted')}</dt><dd>{t(poll.countedAnswer === 'Last' ? 'form.last' : 'form.first')}</dd>
        <dt className="text-slate-600 dark:text-slate-300">{t('detail.phonebook')}</dt><dd>{poll.phonebookName ? <UserText>{poll.phonebookName}</UserText> : t('detail.none')}</dd>
      </dl>

      <section className="mb-6 max-w-3xl rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="poll-results">
        <h2 className="text-lg font-semibold">{t('detail.results')}</h2>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{t('detail.live')} <span data-testid="poll-participants">{t('detail.participants', { n: digits(results.participantsCount) })}</span></p>
        {results.participantsCount === 0 && <p className="text-sm" data-testid="poll-no-answers">{t('detail.noAnswers')}</p>}
        <BarChart className="h-64" data={chartData} index="option" categories={[votes]} colors={['blue']} showLegend={false} allowDecimals={false}
          valueFormatter={(n: number) => digits(n)} data-testid="poll-results-chart" />
        <table className="mt-3 w-full text-sm" data-testid="poll-results-table">
          <caption className="sr-only">{t('detail.results')}</caption>
          <thead><tr><th className="text-start">{t('detail.option')}</th><th className="text-start">{t('detail.keyword')}</th><th className="text-start">{t('detail.count')}</th></tr></thead>
          <tbody>
            {results.options.map((o) => (
              <tr key={o.optionId} data-testid="poll-result-row" data-keyword={o.answerValue}>
                <td><UserText>{o.optionTitle}</UserText> {o.isCorrect && <span className="text-green-700">{t('detail.correct')}</span>}</td>
                <td><UserText data-testid="poll-result-keyword">{digits(o.answerValue)}</UserText></td>
                <td data-testid="poll-result-count">{digits(o.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-3"><Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportFile()} data-testid="poll-export">{t('detail.export')}</Button></div>
      </section>

      <section className="max-w-3xl rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="poll-draw">
        <h2 className="text-lg font-semibold">{t('detail.draw')}</h2>
        {poll.type === 'Competition' && poll.isJustTrueAnswer && <p className="text-sm">{t('detail.drawAmongCorrect')}</p>}
        {poll.draw ? (
          <div data-testid="poll-draw-result">
            <p className="text-sm">{t('detail.drawnAt')}: <DateDisplay value={poll.draw.createdAt} /> — {t('detail.drawnAmong', { n: digits(poll.draw.participantsCount) })}</p>
            <h3 className="mt-2 font-semibold">{t('detail.winners')}</h3>
            <ol className="list-decimal ps-6" data-testid="poll-winners">
              {poll.draw.winners.map((w) => <li key={w.mobile} data-testid="poll-winner"><span dir="ltr">{digits(w.mobile)}</span> — <UserText>{optionTitle(w.optionId)}</UserText></li>)}
            </ol>
            <p className="mt-2 break-all text-xs text-slate-600 dark:text-slate-300">{t('detail.seed')}: <span dir="ltr" data-testid="poll-seed">{poll.draw.seed}</span></p>
          </div>
        ) : poll.winnersCount === null ? (
          <p className="text-sm" data-testid="poll-draw-needs-count">{t('detail.drawNeedsCount')}</p>
        ) : (
          <Button onClick={() => setConfirming(true)} data-testid="poll-draw-button">{t('detail.drawNow')}</Button>
        )}
      </section>
      <ConfirmDialog open={confirming} busy={drawing} title={t('detail.drawConfirmTitle')} message={t('detail.drawConfirm', { n: digits(poll.winnersCount ?? 0) })}
        confirmText={t('detail.drawNow')} onConfirm={() => void draw()} onCancel={() => setConfirming(false)} data-testid="poll-draw-dialog" />
    </section>
  );
}
