import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_ID } from './content-main';
import { UI_NS } from './ui.i18n';

/**
 * "Skip to content": the first focusable element of every page (WCAG 2.4.1), hidden until it has
 * focus. It moves focus itself instead of following `#content`, so the router never sees a hash
 * navigation and the address stays as it was.
 */
export function SkipLink() {
  const { t } = useTranslation(UI_NS);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(CONTENT_ID);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${CONTENT_ID}`} onClick={skip} data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[100] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-sky-800 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-sky-600 dark:focus:bg-slate-900 dark:focus:text-sky-200">
      {t('skipToContent')}
    </a>
  );
}
