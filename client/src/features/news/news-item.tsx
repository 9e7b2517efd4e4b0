import { useTranslation } from 'react-i18next';
import { DateDisplay } from '../../shared/dates/date-display';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import type { ReaderNews } from './news-api';

/** One news as its reader sees it: title, where it comes from, when, and its text. */
export function NewsItem({ news, headingLevel = 3 }: { news: ReaderNews; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('news');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rounded border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-800" data-testid="news-item" data-news-id={news.id}>
      <Heading className="font-semibold"><UserText data-testid="news-item-title">{news.title}</UserText></Heading>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        <DateDisplay value={news.startDate} mode="date" /> · {t('reader.from', { organization: isolateText(news.organizationName) })}
        {news.isRequiredToSeen && <> · <span>{news.acknowledgedAt ? t('reader.acknowledged') : t('reader.mustRead')}</span></>}
      </p>
      <p className="mt-2 whitespace-pre-wrap text-sm" dir="auto">{news.text}</p>
    </article>
  );
}
