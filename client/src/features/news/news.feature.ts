import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { newsTexts } from './news.i18n';

/**
 * News (server module insight, "News"): readers' list for everyone, writers' pages behind News.Manage.
 * The readers' page has no menu entry: the Dashboard section stays one link (the dashboard's
 * "latest news" links to it).
 */
export const newsFeature: FeatureManifest = {
  key: 'news',
  texts: [newsTexts],
  routes: [
    { path: 'news', lazy: lazyPage(() => import('./news-page'), (m) => m.NewsPage) },
    { path: 'news/manage', lazy: lazyPage(() => import('./news-manage-page'), (m) => m.NewsManagePage) },
    { path: 'news/manage/:id', lazy: lazyPage(() => import('./news-form-page'), (m) => m.NewsFormPage) },
  ],
  menu: [
    { section: 'SystemManagement', order: 70, path: '/news/manage', titleKey: 'news:menu.manage', claim: 'News.Manage' },
  ],
};
