import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import { UI_NS } from './ui.i18n';

export interface EmptyStateProps {
  /** Already translated title; defaults to the 'Nothing found' text. */
  title?: string;
  description?: string;
  icon?: ReactNode;
  /** e.g. a button to create the first item. */
  action?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export const EmptyState = ({ title, description, icon, action, className, 'data-testid': testId }: EmptyStateProps) => {
  const { t } = useTranslation(UI_NS);
  return (
    <div
      className={cx('flex flex-col items-center justify-center gap-2 px-4 py-10 text-center', className)}
      data-testid={testId}
    >
      {icon && (
        <div aria-hidden="true" className="text-4xl text-gray-400 dark:text-gray-500">
          {icon}
        </div>
      )}
      <p className="font-medium text-gray-700 dark:text-gray-200">{title ?? t('empty.title')}</p>
      {description && <p className="text-sm text-gray-500 dark:text-gray-400">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
};
