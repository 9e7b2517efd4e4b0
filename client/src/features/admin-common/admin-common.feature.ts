import type { FeatureManifest } from '../../shared/app/feature-manifest';
import { adminCommonTexts } from './admin-common.i18n';
import { pickersTexts } from './pickers.i18n';

/** No screens of its own: the kit the administration screens share, and its texts. */
export const adminCommonFeature: FeatureManifest = {
  key: 'admin-common',
  texts: [adminCommonTexts, pickersTexts],
};
