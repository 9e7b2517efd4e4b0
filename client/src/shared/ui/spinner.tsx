import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import { UI_NS } from './ui.i18n';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label (already translated); defaults to the 'Loading…' text. */
  label?: string;
  className?: string;
  'data-testid'?: string;
}

const sizes = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' };

export const Spinner = ({ size = 'md', label, className, 'data-testid': testId }: SpinnerProps) => {
  const { t } = useTranslation(UI_NS);
  return (
    <span role="status" className={cx('inline-flex items-center', className)} data-testid={testId}>
      <span
        aria-hidden="true"
        className={cx(
          'inline-block animate-spin rounded-full border-current border-e-transparent text-blue-600 dark:text-blue-400',
          sizes[size],
        )}
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
};
