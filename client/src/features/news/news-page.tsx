import { useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { newsApi, newsKeys } from './news-api';
import { NewsItem } from './news-item';

const PAGE = 20;

/** Every news the user's organization is shown now, newest first. */
export function NewsPage() {
  const { api } = useApp();
  const { t } = useTranslation('news');
  const [pageIndex, setPageIndex] = useState(0);
  const { data, isLoading } = useSWR(newsKeys.latest(pageIndex, PAGE), () => newsApi.latest(api, { pageIndex, pageSize: PAGE }));
  const pages = Math.max(1, Math.ceil((data?.totalCount ?? 0) / PAGE));
  return (
    <section data-testid="news-page">
      <PageHeader title={t('reader.title')} />
      {isLoading && <Spinner />}
      {data && data.items.length === 0 && <p data-testid="news-empty">{t('reader.empty')}</p>}
      <div className="grid max-w-3xl gap-3">
        {data?.items.map((n) => <NewsItem key={n.id} news={n} headingLevel={2} />)}
      </div>
      {pages > 1 && (
        <div className="mt-3 flex gap-2">
          <Button variant="secondary" size="sm" disabled={pageIndex === 0} onClick={() => setPageIndex((p) => p - 1)}>‹</Button>
          <Button variant="secondary" size="sm" disabled={pageIndex + 1 >= pages} onClick={() => setPageIndex((p) => p + 1)}>›</Button>
        </div>
      )}
    </section>
  );
}
