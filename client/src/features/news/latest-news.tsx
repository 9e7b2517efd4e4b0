import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { NEWS_PATH, newsApi, newsKeys } from './news-api';
import { NewsItem } from './news-item';

const LATEST = 3;

/** The dashboard's "latest news" (spec): the newest few inside their window, and a link to all. */
export function LatestNews() {
  const { api } = useApp();
  const { t } = useTranslation('news');
  const { data } = useSWR(newsKeys.latest(0, LATEST), () => newsApi.latest(api, { pageIndex: 0, pageSize: LATEST }));
  return (
    <section className="my-4 max-w-3xl" aria-labelledby="latest-news-title" data-testid="latest-news">
      <div className="mb-2 flex items-baseline gap-3">
        <h2 id="latest-news-title" className="text-lg font-semibold">{t('reader.latest')}</h2>
        {!!data?.totalCount && <Link to={NEWS_PATH} className="text-sm text-sky-700 underline dark:text-sky-300">{t('reader.all')}</Link>}
      </div>
      {!data ? <p className="text-sm">{t('reader.loading')}</p>
        : data.items.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="latest-news-empty">{t('reader.empty')}</p>
          : <div className="grid gap-2">{data.items.map((n) => <NewsItem key={n.id} news={n} />)}</div>}
    </section>
  );
}
