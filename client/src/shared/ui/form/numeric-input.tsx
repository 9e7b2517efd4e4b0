import { forwardRef, useId, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { describedBy, FieldFrame, inputClass } from './field-frame';
import { useFieldErrorText, type FieldError } from './field-error';
import { sanitizeNumeric } from './to-latin-digits';

export interface NumericInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'className'> {
  /** Current value, Latin digits. */
  value: string;
  /** Called with Latin digits only (Persian ۰-۹ and Arabic-Indic ٠-٩ typed or pasted are converted). */
  onValueChange: (value: string) => void;
  allowDecimal?: boolean;
  allowNegative?: boolean;
  label?: string;
  hint?: string;
  error?: FieldError;
  className?: string;
  inputClassName?: string;
  'data-testid'?: string;
}

export { sanitizeNumeric };

export const NumericInput = forwardRef<HTMLInputElement, NumericInputProps>(function NumericInput(
  { value, onValueChange, allowDecimal = false, allowNegative = false, label, hint, error, id, className, inputClassName, required, ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorText = useFieldErrorText(error);
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    onValueChange(sanitizeNumeric(event.target.value, allowDecimal, allowNegative));
  return (
    <FieldFrame id={fieldId} label={label} required={required} hint={hint} errorText={errorText} className={className}>
      <input
        ref={ref}
        id={fieldId}
        type="text"
        inputMode={allowDecimal ? 'decimal' : 'numeric'}
        dir="ltr"
        autoComplete="off"
        required={required}
        value={value}
        onChange={onChange}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, errorText)}
        className={[inputClass(!!errorText), inputClassName].filter(Boolean).join(' ')}
        {...rest}
      />
    </FieldFrame>
  );
});
