import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { CONTACT_LIMITS } from '../../../../server/shared/contacts/contact-fields';
import { dayToPickerValue, pickerValueToDay, type CustomField } from './contacts-api';

export interface FieldValueInputProps {
  field: CustomField;
  /**
   * The value as the form keeps it, always text: numbers as typed, Boolean 'true' / 'false' / '',
   * Datetime the instant (a contact's value) or the day YYYY-MM-DD (`asDay`, a filter).
   */
  value: string;
  onChange(value: string): void;
  /** Datetime as a Tehran day (filters) instead of an instant (values). */
  asDay?: boolean;
  label?: string;
  error?: string | null;
  id: string;
}

/** One input for a custom field by its type: text, whole or decimal number, yes / no, or a Jalali date. */
export function FieldValueInput({ field, value, onChange, asDay = false, label, error, id }: FieldValueInputProps) {
  const { t, i18n } = useTranslation('contacts');
  const shownLabel = label ?? (i18n.language.toLowerCase().includes('fa') ? field.nameFa : field.nameEn);
  switch (field.type) {
    case 'Integer':
    case 'Float':
      return (
        <NumericInput id={id} data-testid={id} label={shownLabel} value={value} onValueChange={onChange} allowDecimal={field.type === 'Float'} allowNegative
          error={error} maxLength={30} />
      );
    case 'Boolean':
      return (
        <FieldFrame id={id} label={shownLabel} errorText={error ?? null}>
          <select id={id} data-testid={id} value={value} className={inputClass(!!error)} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('common.none')}</option>
            <option value="true">{t('common.yes')}</option>
            <option value="false">{t('common.no')}</option>
          </select>
        </FieldFrame>
      );
    case 'Datetime':
      return (
        <DateTimePicker id={id} data-testid={id} label={shownLabel} withTime={false} error={error}
          value={asDay ? dayToPickerValue(value) : value || null}
          onChange={(iso) => onChange(asDay ? pickerValueToDay(iso) ?? '' : iso ?? '')} />
      );
    default:
      return <TextField id={id} data-testid={id} label={shownLabel} value={value} maxLength={CONTACT_LIMITS.stringValue} error={error} onChange={(e) => onChange(e.target.value)} />;
  }
}
