import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { cx } from '../class-names';
import { fieldErrorId, fieldHintId } from './field-frame';
import { useFieldErrorText, type FieldError } from './field-error';

export interface CheckboxFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className'> {
  /** Already translated label. */
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: string;
  error?: FieldError;
  className?: string;
  'data-testid'?: string;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, checked, onCheckedChange, hint, error, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorText = useFieldErrorText(error);
  const described = [hint ? fieldHintId(fieldId) : '', errorText ? fieldErrorId(fieldId) : ''].filter(Boolean).join(' ');
  return (
    <div className={cx('flex flex-col gap-1 text-start', className)}>
      <div className="flex items-center gap-2">
        <input
          ref={ref}
          id={fieldId}
          type="checkbox"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={described || undefined}
          className="h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-2 focus:ring-blue-500 dark:border-gray-600 dark:bg-gray-900"
          {...rest}
        />
        <label htmlFor={fieldId} className="text-sm text-gray-800 dark:text-gray-100">
          {label}
        </label>
      </div>
      {hint && (
        <p id={fieldHintId(fieldId)} className="ms-6 text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      )}
      {errorText && (
        <p id={fieldErrorId(fieldId)} role="alert" className="ms-6 text-xs text-red-600 dark:text-red-400">
          {errorText}
        </p>
      )}
    </div>
  );
});
