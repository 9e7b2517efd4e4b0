const FOCUSABLE = 'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * After a failed submit, brings the first invalid control (document order, `aria-invalid="true"`)
 * into view and focuses it, so the failure is where the eye is and a screen reader reads the
 * field with its error. A group marked invalid (a fieldset) gives its first focusable control.
 * With no invalid control (a general error), the first alert inside `root` is scrolled into view.
 * Returns the element that was revealed, or null.
 */
export function revealFirstError(root: HTMLElement | null): HTMLElement | null {
  if (!root) return null;
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) {
    const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE) ?? invalid;
    target.scrollIntoView({ block: 'center', behavior: 'auto' });
    target.focus({ preventScroll: true });
    return target;
  }
  const alert = root.querySelector<HTMLElement>('[role="alert"]');
  alert?.scrollIntoView({ block: 'center', behavior: 'auto' });
  return alert;
}
