import type { ReactNode } from 'react';
import { cx } from './class-names';

export interface PageHeaderProps {
  /** Already translated page title (rendered as h1). */
  title: string;
  subtitle?: string;
  /** Breadcrumb or back link area above the title. */
  breadcrumbs?: ReactNode;
  /** Buttons at the end side. */
  actions?: ReactNode;
  className?: string;
  'data-testid'?: string;
}

export const PageHeader = ({ title, subtitle, breadcrumbs, actions, className, 'data-testid': testId }: PageHeaderProps) => (
  <header
    className={cx('mb-4 flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 pb-3 dark:border-gray-700', className)}
    data-testid={testId}
  >
    <div className="min-w-0 text-start">
      {breadcrumbs && <nav className="mb-1 text-sm text-gray-500 dark:text-gray-400">{breadcrumbs}</nav>}
      <h1 className="truncate text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">{subtitle}</p>}
    </div>
    {actions && <div className="flex flex-wrap items-center gap-2 ms-auto">{actions}</div>}
  </header>
);
