import type { TextResource } from '../../shared/i18n/i18n';

export const developerTexts: TextResource = {
  ns: 'developer',
  fa: { menu: { documentation: 'مستندات API' } },
  en: { menu: { documentation: 'API documentation' } },
};
