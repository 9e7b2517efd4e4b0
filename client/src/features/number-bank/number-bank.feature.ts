import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { lazyPage } from '../../shared/app/lazy-page';
import { numberBankTexts } from './number-bank.i18n';

/**
 * The number bank (server module targeting): a system administrator's page — import with live
 * progress, zone tree with counts per operator. The server refuses anyone else (403); the menu
 * shows it to holders of the infrastructure claim, which only the system's own roles carry.
 */
export const numberBankFeature: FeatureManifest = {
  key: 'number-bank',
  texts: [numberBankTexts],
  routes: [{ path: 'targeting/number-bank', lazy: lazyPage(() => import('./number-bank-page'), (m) => m.NumberBankPage) }],
  menu: [{ section: 'Infrastructure', order: 40, path: '/targeting/number-bank', titleKey: 'numberBank:menu', claim: 'Infrastructure.SenderAgents' }],
};
