import { useEffect } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { ContentMain } from '../../shared/ui/content-main';
import { Spinner } from '../../shared/ui/spinner';
import { getPublicLandingPage, landingImageUrl, type PublicLandingPageAnswer } from './landing-pages-api';
import { LandingPageView } from './landing-page-view';

/**
 * The public `landing-page/:organizationName[/:slug]` page (no sign-in). A page that is not
 * published answers 404, which the error catalogue keeps silent: the page itself says, neutrally,
 * that nothing is here (no dialog, nothing about why).
 */
export function PublicLandingPage() {
  const { api, apiRoot } = useApp();
  const { t } = useTranslation('landingPages');
  const { organizationName = '', slug } = useParams();
  const [search] = useSearchParams();
  const { data: page, isLoading, error } = useSWR(['public-landing-page', organizationName, slug ?? ''], async (): Promise<PublicLandingPageAnswer | null> => {
    try {
      return await getPublicLandingPage(api, organizationName, slug);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
      throw err;
    }
  }, { revalidateOnFocus: false });

  useEffect(() => {
    if (page) document.title = page.title;
  }, [page]);

  if (isLoading) return <ContentMain className="flex min-h-screen items-center justify-center"><Spinner label={t('public.loading')} /></ContentMain>;
  if (!page || error) {
    return (
      <ContentMain className="flex min-h-screen flex-col items-center justify-center gap-2 px-4 text-center" data-testid="landing-not-found">
        <h1 className="text-xl font-semibold">{t('public.notFound')}</h1>
        <p className="text-slate-600 dark:text-slate-300">{t('public.notFoundHint')}</p>
      </ContentMain>
    );
  }
  const blocks = page.blocks.map((b) => (b.type === 'image' ? { ...b, url: landingImageUrl(apiRoot, b.imageKey) } : b));
  return (
    <ContentMain className="min-h-screen">
      <h1 className="sr-only">{page.title}</h1>
      <LandingPageView title={page.title} language={page.language} theme={page.theme} blocks={blocks} shortLinkCode={search.get('sl')} data-testid="landing-public-page" />
    </ContentMain>
  );
}
