import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UI_NS } from './ui.i18n';
import { useDigits } from './use-digits';

export interface NoLineNoticeProps {
  /** The capabilities a line lacks, by their labels on the line form (already translated). */
  capabilities: readonly string[];
  /**
   * For a user who may manage lines: the lines to change, each opened in its form. Null for a user
   * who may not: the notice then says to ask their administrator.
   */
  fix: { lines: readonly { number: string; href: string }[]; linesPage: string } | null;
  /** Other sentences, when the missing piece is no flag (e.g. a voice sender agent). */
  askText?: string;
  fixText?: string;
  'data-testid'?: string;
}

/**
 * The send screen's notice that no line the user may send from allows this send, shown above the
 * form before anything is typed: what is missing and who can change it (issue 23: no dead ends).
 */
export function NoLineNotice({ capabilities, fix, askText, fixText, 'data-testid': testId = 'no-line-notice' }: NoLineNoticeProps) {
  const { t } = useTranslation(UI_NS);
  const digits = useDigits();
  const titleId = useId();
  const capability = capabilities.map((text) => t('noLine.quoted', { text })).join(t('noLine.and'));
  const sentence = fix ? (fixText ?? t(fix.lines.length ? 'noLine.fix' : 'noLine.fixNoLine', { capability })) : (askText ?? t('noLine.ask', { capability }));
  return (
    <section role="note" aria-labelledby={titleId} data-testid={testId} data-may-fix={fix ? 'true' : 'false'}
      className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100">
      <h2 id={titleId} className="mb-1 font-semibold">{t('noLine.title')}</h2>
      <p data-testid={`${testId}-text`}>{sentence}</p>
      {fix && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {fix.lines.map((line) => (
            <li key={line.href}>
              <Link to={line.href} className="font-medium underline" data-testid={`${testId}-line`}>
                {t('noLine.openLine', { number: digits(line.number) })}
              </Link>
            </li>
          ))}
          <li>
            <Link to={fix.linesPage} className="underline" data-testid={`${testId}-lines-page`}>{t('noLine.openLines')}</Link>
          </li>
        </ul>
      )}
    </section>
  );
}
