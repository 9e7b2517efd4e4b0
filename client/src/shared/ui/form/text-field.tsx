import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldFrame, inputClass } from './field-frame';
import { useFieldErrorText, type FieldError } from './field-error';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  /** Already translated label (text, or text with marked-up names in it). */
  label?: ReactNode;
  hint?: string;
  /** Translated text or a validator message; sets aria-invalid and aria-describedby. */
  error?: FieldError;
  className?: string;
  inputClassName?: string;
  'data-testid'?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, id, className, inputClassName, required, type = 'text', dir, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorText = useFieldErrorText(error);
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} errorText={errorText} className={className}>
      <input
        ref={ref}
        id={fieldId}
        type={type}
        required={required}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, errorText)}
        className={[inputClass(!!errorText), inputClassName].filter(Boolean).join(' ')}
        // Free text takes the direction of what is typed (a Persian name in the English panel);
        // a caller sets dir="ltr" for numbers, addresses and codes.
        dir={dir ?? (type === 'text' || type === 'search' ? 'auto' : undefined)}
        {...rest}
      />
    </FieldFrame>
  );
});
