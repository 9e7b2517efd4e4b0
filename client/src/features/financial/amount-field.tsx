import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import type { FieldError } from '../../shared/ui/form/field-error';
import { groupThousands, useMoney } from './money';

export interface AmountFieldProps {
  id: string;
  label: string;
  /** Plain rial digits ('1250000'); the field shows them grouped ('1,250,000'). */
  value: string;
  onValueChange: (digits: string) => void;
  required?: boolean;
  error?: FieldError;
  'data-testid'?: string;
}

/**
 * An amount in rials typed with thousands separators, and its toman equivalent (rials / 10) shown
 * as the hint while typing. The value kept is the plain digit string the API takes, so grouping
 * is display only and no amount passes through a float.
 */
export function AmountField({ id, label, value, onValueChange, required, error, 'data-testid': testId }: AmountFieldProps) {
  const { t } = useTranslation('financial');
  const { toman } = useMoney();
  const digits = value.replace(/^0+(?=\d)/, '');
  return (
    <NumericInput id={id} data-testid={testId} label={label} value={groupThousands(digits)} required={required} error={error}
      onValueChange={(v) => onValueChange(v.replace(/^0+(?=\d)/, ''))}
      hint={digits ? t('credit.tomanHint', { toman: toman(digits) }) : undefined} />
  );
}
