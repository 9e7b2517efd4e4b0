import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { EmptyState } from '../../shared/ui/empty-state';
import { DateDisplay } from '../../shared/dates/date-display';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { outboxDetailPath } from '../sending/sending-api';
import { ClickSummary } from './click-summary';
import { SHORT_LINKS_PATH, shortLinksApi, shortLinksKeys } from './short-links-api';

/** One short link: where it leads and its clicks (total, unique receivers, device, day). */
export function ShortLinkDetailPage() {
  const { api } = useApp();
  const { t } = useTranslation('shortLinks');
  const digits = useDigits();
  const id = Number(useParams().id);
  const { data: link, error, isLoading } = useSWR(Number.isInteger(id) && id > 0 ? shortLinksKeys.one(id) : null, () => shortLinksApi.get(api, id, { quiet: true }), { shouldRetryOnError: false });
  const back = <Link to={SHORT_LINKS_PATH} className="underline">{t('common.back')}</Link>;
  if (error || !(Number.isInteger(id) && id > 0)) return <section data-testid="short-link-detail-page"><PageHeader title={t('list.title')} breadcrumbs={back} /><EmptyState title={t('detail.notFound')} /></section>;
  if (isLoading || !link) return <section data-testid="short-link-detail-page"><Spinner /></section>;
  return (
    <section data-testid="short-link-detail-page" data-link-id={link.id}>
      <PageHeader title={t('detail.title', { code: link.code })} breadcrumbs={back} />
      <dl className="mb-4 grid gap-3 sm:grid-cols-2">
        <div><dt className="text-sm text-slate-500">{t('list.columns.shortUrl')}</dt><dd dir="ltr" className="text-start" data-testid="short-link-short-url">{link.shortUrl}</dd></div>
        <div><dt className="text-sm text-slate-500">{t('list.columns.mainUrl')}</dt><dd dir="ltr" className="break-all text-start">{link.mainUrl}</dd></div>
        {link.title && <div><dt className="text-sm text-slate-500">{t('list.columns.title')}</dt><dd><UserText>{link.title}</UserText></dd></div>}
        <div><dt className="text-sm text-slate-500">{t('list.columns.origin')}</dt>
          <dd>{link.sendId ? <Link className="text-sky-700 underline" to={outboxDetailPath(link.sendId)}>{t('list.ofSend', { id: digits(link.sendId) })}</Link> : t('list.byHand')} ({t(`urlTypes.${link.urlType}`)})</dd></div>
        <div><dt className="text-sm text-slate-500">{t('list.columns.createdAt')}</dt><dd><DateDisplay value={link.createdAt} /></dd></div>
      </dl>
      <ClickSummary summary={link.summary} testId="short-link-summary" />
    </section>
  );
}
