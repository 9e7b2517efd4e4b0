import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '../class-names';
import { UI_NS } from '../ui.i18n';

export interface ModalDialogProps {
  open: boolean;
  /** Called on Escape, the close button, or a backdrop click (when enabled). */
  onClose: () => void;
  /** Already translated title; referenced by aria-labelledby. */
  title: string;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Hide the × button (default false). */
  hideCloseButton?: boolean;
  /** role="alertdialog" for confirmations (default 'dialog'). */
  role?: 'dialog' | 'alertdialog';
  /** Element focused on open; otherwise the first focusable element in the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  'data-testid'?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('hidden') && el.getClientRects().length > 0);

const sizes = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

// On a phone the panel takes the whole width less a small margin and never more than the screen's
// height: the body scrolls (both ways, so a wide table inside is never cut off) while the title and
// the buttons stay in view.

/** A modal dialog: portal to body, focus trapped inside, Escape closes, focus restored on close. */
export const ModalDialog = ({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  hideCloseButton = false,
  role = 'dialog',
  initialFocusRef,
  'data-testid': testId,
}: ModalDialogProps) => {
  const { t } = useTranslation(UI_NS);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // An error that appears inside the dialog's scrolled body (a failed save) is brought into view:
  // the first invalid field or alert, so the reason is where the eye is, not below the fold.
  useEffect(() => {
    const body = bodyRef.current;
    if (!open || !body || typeof MutationObserver === 'undefined') return undefined;
    let frame = 0;
    const reveal = () => {
      frame = 0;
      body.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.scrollIntoView({ block: 'nearest', behavior: 'auto' });
    };
    const observer = new MutationObserver((records) => {
      const appeared = records.some((r) => Array.from(r.addedNodes).some((n) => n instanceof HTMLElement
        && (n.matches('[role="alert"]') || n.querySelector('[role="alert"]') !== null)));
      if (appeared && !frame) frame = requestAnimationFrame(reveal);
    });
    observer.observe(body, { childList: true, subtree: true });
    return () => { observer.disconnect(); if (frame) cancelAnimationFrame(frame); };
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? (panel ? focusableIn(panel)[0] : undefined) ?? panel;
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (previous && typeof previous.focus === 'function' && previous.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const current = document.activeElement;
    if (event.shiftKey && (current === first || current === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-2 sm:p-4" onKeyDown={onKeyDown}>
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-black/40 dark:bg-black/60"
        onMouseDown={closeOnBackdrop ? () => onCloseRef.current() : undefined}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(
          'relative flex max-h-full w-full min-w-0 flex-col rounded-lg bg-white text-start shadow-xl focus:outline-none dark:bg-gray-900 dark:text-gray-100',
          sizes[size],
        )}
        data-testid={testId}
      >
        <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-gray-700">
          <h2 id={titleId} className="min-w-0 break-words text-base font-semibold">
            {title}
          </h2>
          {!hideCloseButton && (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              aria-label={t('dialog.close') as string}
              className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-gray-400 dark:hover:bg-gray-800"
              data-testid={testId ? `${testId}-close` : undefined}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div ref={bodyRef} className="min-h-0 flex-1 overflow-auto px-4 py-3" data-testid={testId ? `${testId}-body` : undefined}>{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-4 py-3 dark:border-gray-700">{footer}</div>
        )}
      </div>
    </div>,
    document.body,
  );
};
