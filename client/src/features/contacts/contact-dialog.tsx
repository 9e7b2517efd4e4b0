import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { TextField } from '../../shared/ui/form/text-field';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import { normalizeMobile } from '../../../../server/shared/sms/phone-numbers';
import { CONTACT_LIMITS, parseCustomFieldValue } from '../../../../server/shared/contacts/contact-fields';
import { contactsApi, dayToPickerValue, pickerValueToDay, type Contact, type ContactInput, type CustomField } from './contacts-api';
import { FieldValueInput } from './field-value-input';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'job', 'telephone', 'address', 'phonebookGroup'] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
const MAX_LENGTH: Record<TextFieldName, number> = {
  firstName: CONTACT_LIMITS.name, lastName: CONTACT_LIMITS.name, email: CONTACT_LIMITS.email, job: CONTACT_LIMITS.job,
  telephone: 40, address: CONTACT_LIMITS.address, phonebookGroup: CONTACT_LIMITS.phonebookGroup,
};
const LTR: ReadonlySet<TextFieldName> = new Set(['email', 'telephone']);

/** A custom value as the form's text (see FieldValueInput). */
const asText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Add or edit a contact: its own fields, then the organization's custom fields by type. */
export function ContactDialog({ phonebookId, fields, editing, onClose, onSaved }: {
  phonebookId: number; fields: readonly CustomField[]; editing: Contact | null; onClose(): void; onSaved(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const [cellphone, setCellphone] = useState(editing?.cellphone ?? '');
  const [text, setText] = useState<Record<TextFieldName, string>>(() =>
    Object.fromEntries(TEXT_FIELDS.map((f) => [f, editing?.[f] ?? ''])) as Record<TextFieldName, string>);
  const [birthdate, setBirthdate] = useState<string | null>(editing?.birthdate ?? null);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [String(f.id), asText(editing?.fields[f.id])])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const localErrors = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!cellphone.trim()) out.cellphone = t('common.required');
    else if (!normalizeMobile(cellphone)) out.cellphone = t('contact.invalidMobile');
    if (text.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.email.trim())) out.email = t('contact.invalidEmail');
    for (const f of fields) {
      const parsed = parseCustomFieldValue(f.type, values[f.id]);
      if (!parsed.ok && (f.type === 'Integer' || f.type === 'Float')) out[String(f.id)] = t(f.type === 'Integer' ? 'customFields.invalidInteger' : 'customFields.invalidFloat');
    }
    return out;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = localErrors();
    setErrors(local);
    if (Object.keys(local).length) return;
    // An edit sends null for an emptied field (it clears it); a new contact simply leaves it out.
    const blank = editing ? null : undefined;
    const body: ContactInput = { cellphone: cellphone.trim(), birthdate: birthdate ?? blank };
    for (const f of TEXT_FIELDS) body[f] = text[f].trim() || blank;
    const custom: Record<string, string | null> = {};
    for (const f of fields) {
      const v = values[f.id].trim();
      if (v) custom[f.id] = v;
      else if (editing && editing.fields[f.id] !== undefined) custom[f.id] = null;
    }
    body.fields = custom;
    setBusy(true);
    try {
      if (editing) await contactsApi.update(api, { id: editing.id, ...body }, { quiet: true });
      else await contactsApi.create(api, { phonebookId, ...body }, { quiet: true });
      onSaved();
    } catch (err) {
      // A custom value's error arrives as `fields.<id>`: the field key is the id.
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };

  return (
    <ModalDialog open size="lg" onClose={onClose} title={t(editing ? 'contact.edit' : 'contact.create')} data-testid="contact-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="contact-errors" />
        <div className="mb-3 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <TextField id="contact-cellphone" data-testid="contact-cellphone" label={t('contact.fields.cellphone')} hint={t('contact.cellphoneHint')} value={cellphone}
            dir="ltr" inputMode="tel" maxLength={40} required error={errors.cellphone} onChange={(e) => setCellphone(e.target.value)} />
          {TEXT_FIELDS.map((f) => (
            <TextField key={f} id={`contact-${f}`} data-testid={`contact-${f}`} label={t(`contact.fields.${f}`)} value={text[f]} maxLength={MAX_LENGTH[f]}
              dir={LTR.has(f) ? 'ltr' : undefined} inputMode={f === 'telephone' ? 'tel' : f === 'email' ? 'email' : undefined}
              error={errors[f]} onChange={(e) => setText((s) => ({ ...s, [f]: e.target.value }))} />
          ))}
          <DateTimePicker id="contact-birthdate" data-testid="contact-birthdate" label={t('contact.fields.birthdate')} withTime={false}
            max={new Date().toISOString()} value={dayToPickerValue(birthdate)} error={errors.birthdate}
            onChange={(iso) => setBirthdate(pickerValueToDay(iso))} />
        </div>
        {fields.length > 0 && (
          <FormSection title={t('contact.customFields')} testId="contact-custom-fields">
            {fields.map((f) => (
              <FieldValueInput key={f.id} field={f} id={`contact-field-${f.id}`} value={values[f.id]} error={errors[String(f.id)]}
                onChange={(v) => setValues((s) => ({ ...s, [f.id]: v }))} />
            ))}
          </FormSection>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="contact-save">{t('common.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
