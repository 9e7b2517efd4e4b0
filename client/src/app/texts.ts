import type { TextResource } from '../shared/i18n/i18n';
import { uiTexts } from '../shared/ui/ui.i18n';
import { commonTexts } from './app.i18n';
import { layoutTexts } from './layout/layout.i18n';
import { FEATURES } from './features';

/** Every namespace of texts the app ships (both languages): the shell's, then each feature's. */
export const allTexts: TextResource[] = [commonTexts, uiTexts, layoutTexts, ...FEATURES.flatMap((f) => f.texts ?? [])];
