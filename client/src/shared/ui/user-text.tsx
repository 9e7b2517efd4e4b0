import type { ReactNode } from 'react';
import { stripBidiControls } from './bidi';

export interface UserTextProps {
  /** Text a user typed (a name, a title); null/undefined shows the fallback. */
  children: string | number | null | undefined;
  fallback?: ReactNode;
  className?: string;
  title?: string;
  'data-testid'?: string;
}

/**
 * User-supplied text inside the panel's own text: `<bdi dir="auto">` takes its direction from its
 * first strong letter and keeps it from reordering what stands beside it (a Latin name in a Persian
 * sentence, a Persian name in an LTR table). `dir="auto"` is written out rather than left to bdi's
 * default so the rule holds for anyone reading the markup (tests, assistive tools, copied HTML).
 * Stored bidi controls are dropped from what is shown.
 */
export const UserText = ({ children, fallback = null, className, title, 'data-testid': testId }: UserTextProps) => {
  if (children === null || children === undefined || children === '') return <>{fallback}</>;
  return (
    <bdi dir="auto" className={className} title={title} data-testid={testId}>
      {typeof children === 'string' ? stripBidiControls(children) : children}
    </bdi>
  );
};
