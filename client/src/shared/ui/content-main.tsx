import type { HTMLAttributes } from 'react';
import { cx } from './class-names';

/** The id the skip link moves focus to; exactly one element per page carries it. */
export const CONTENT_ID = 'content';

/**
 * The page's one `<main>` landmark. Every layout that is not nested in another (the signed-in
 * layout, the signed-out account pages, outer pages) renders its content in this, never a second one.
 * tabIndex -1 lets the skip link focus it without adding it to the tab order.
 */
export function ContentMain({ className, children, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <main id={CONTENT_ID} tabIndex={-1} className={cx('focus:outline-none', className)} {...rest}>
      {children}
    </main>
  );
}
