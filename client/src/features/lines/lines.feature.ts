import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { linesTexts } from './lines.i18n';
import { numberClassesTexts } from './number-classes.i18n';
import { resendTexts } from '../outbox/resend.i18n';

export const linesFeature: FeatureManifest = {
  key: 'lines',
  texts: [linesTexts, resendTexts, numberClassesTexts],
  routes: [
    { path: 'infrastructure/sender-agents', lazy: lazyPage(() => import('./sender-agents-page'), (m) => m.SenderAgentsPage) },
    { path: 'infrastructure/lines', lazy: lazyPage(() => import('./lines-page'), (m) => m.LinesPage) },
    { path: 'infrastructure/aggregator-rules', lazy: lazyPage(() => import('./aggregator-rules-page'), (m) => m.AggregatorRulesPage) },
    { path: 'infrastructure/number-classes', lazy: lazyPage(() => import('./number-classes-page'), (m) => m.NumberClassesPage) },
  ],
  menu: [
    { section: 'Infrastructure', order: 10, path: '/infrastructure/sender-agents', titleKey: 'sending:menu.senderAgents', claim: 'Infrastructure.SenderAgents' },
    { section: 'Infrastructure', order: 20, path: '/infrastructure/lines', titleKey: 'sending:menu.lines', claim: 'Infrastructure.PrivateNumbers' },
    { section: 'Infrastructure', order: 25, path: '/infrastructure/aggregator-rules', titleKey: 'lines:aggregators.title', claim: 'Infrastructure.PrivateNumbers' },
    // The list is the system's to edit (the operators publish one list for the installation).
    { section: 'Infrastructure', order: 30, path: '/infrastructure/number-classes', titleKey: 'numberClasses:menu', claim: 'Infrastructure.SenderAgents' },
  ],
};
