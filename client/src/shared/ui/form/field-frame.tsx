import type { ReactNode } from 'react';
import { cx } from '../class-names';
import { CodeSpans } from '../rich-text';

export interface FieldFrameProps {
  id: string;
  /** Text, or text with marked-up names in it (`CodeSpans`). */
  label?: ReactNode;
  required?: boolean;
  /** Text; `backtick` spans are names shown as code (`CodeSpans`). */
  hint?: string;
  errorText: string | null;
  className?: string;
  children: ReactNode;
}

export const fieldHintId = (id: string): string => `${id}-hint`;
export const fieldErrorId = (id: string): string => `${id}-error`;

/** aria-describedby value for an input inside a FieldFrame. */
export const describedBy = (id: string, hint: string | undefined, errorText: string | null): string | undefined =>
  [hint ? fieldHintId(id) : '', errorText ? fieldErrorId(id) : ''].filter(Boolean).join(' ') || undefined;

// Borders: gray-500 on white and gray-400 on the dark field are both above 3:1 (WCAG 1.4.11);
// gray-300/600 were about 1.5:1 and 2:1. app.css holds the same colours for controls styled elsewhere.
export const inputClass = (invalid: boolean): string =>
  cx(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-start text-gray-900 shadow-sm',
    'focus:outline-none focus:ring-2 dark:bg-gray-900 dark:text-gray-100',
    'disabled:cursor-not-allowed disabled:opacity-60',
    invalid
      ? 'border-red-500 focus:ring-red-400 dark:border-red-400'
      : 'border-gray-500 focus:ring-blue-500 dark:border-gray-400',
  );

/** Label, hint and error text around a control. */
export const FieldFrame = ({ id, label, required, hint, errorText, className, children }: FieldFrameProps) => (
  <div className={cx('flex flex-col gap-1 text-start', className)}>
    {label && (
      <label htmlFor={id} className="text-sm font-medium text-gray-700 dark:text-gray-200">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-1 text-red-600 dark:text-red-400">
            *
          </span>
        )}
      </label>
    )}
    {children}
    {hint && (
      <p id={fieldHintId(id)} className="text-xs text-gray-500 dark:text-gray-400">
        {/* Hints name technical words (`GET`, `https`) in backticks: shown as left-to-right code. */}
        <CodeSpans text={hint} />
      </p>
    )}
    {errorText && (
      <p id={fieldErrorId(id)} role="alert" className="text-xs text-red-600 dark:text-red-400">
        {errorText}
      </p>
    )}
  </div>
);
