import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { TextField } from '../../shared/ui/form/text-field';
import { isolateText } from '../../shared/ui/bidi';
import { errorsOf, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import type { Role } from './roles-model';
import { rolesApi } from './roles-api';

/** A copy of a role under a new title. */
export function CloneDialog({ role, onClose, onDone }: { role: Role; onClose(): void; onDone(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const [title, setTitle] = useState(t('clone.defaultTitle', { name: role.title }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await rolesApi.clone(api, { id: role.id, title: title.trim() }, { quiet: true });
      onDone();
    } catch (err) {
      setErrors(errorsOf(err));
    }
  };
  return (
    <ModalDialog open title={t('clone.title', { name: isolateText(role.title) })} onClose={onClose} data-testid="role-clone-dialog"
      footer={<>
        <Button variant="secondary" onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" form="role-clone-form" data-testid="role-clone-submit">{tc('actions.save')}</Button>
      </>}>
      <form id="role-clone-form" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <TextField id="clone-title" data-testid="clone-title" label={t('fields.cloneTitle')} value={title} onChange={(e) => setTitle(e.target.value)}
          error={errors.title} required maxLength={200} />
        <ErrorSummary errors={errors} />
      </form>
    </ModalDialog>
  );
}
