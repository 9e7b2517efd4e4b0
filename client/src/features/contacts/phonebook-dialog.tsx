import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { CONTACT_LIMITS } from '../../../../server/shared/contacts/contact-fields';
import { phonebooksApi, type Phonebook } from './contacts-api';

/** Create or edit a phonebook: title, isPublic, isShowNumber (with what each means). */
export function PhonebookDialog({ editing, onClose, onSaved }: { editing: Phonebook | null; onClose(): void; onSaved(saved: Phonebook): void }) {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [isPublic, setIsPublic] = useState(editing?.isPublic ?? false);
  const [isShowNumber, setIsShowNumber] = useState(editing?.isShowNumber ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) { setErrors({ title: t('common.required') }); return; }
    setBusy(true);
    try {
      const body = { title: title.trim(), isPublic, isShowNumber };
      const saved = editing
        ? await phonebooksApi.update(api, { id: editing.id, ...body }, { quiet: true })
        : await phonebooksApi.create(api, body, { quiet: true });
      onSaved(saved);
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'phonebooks.edit' : 'phonebooks.create')} data-testid="phonebook-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="phonebook-errors" />
        <div className="mb-4 grid gap-3">
          <TextField id="phonebook-title" data-testid="phonebook-title" label={t('phonebooks.fields.title')} value={title} maxLength={CONTACT_LIMITS.phonebookTitle} required
            error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <CheckboxField id="phonebook-public" data-testid="phonebook-public" label={t('phonebooks.fields.isPublic')} hint={t('phonebooks.hints.isPublic')}
            checked={isPublic} onCheckedChange={setIsPublic} />
          <CheckboxField id="phonebook-show-number" data-testid="phonebook-show-number" label={t('phonebooks.fields.isShowNumber')} hint={t('phonebooks.hints.isShowNumber')}
            checked={isShowNumber} onCheckedChange={setIsShowNumber} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="phonebook-save">{t('common.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
