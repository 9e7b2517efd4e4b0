import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { TextField } from '../../shared/ui/form/text-field';
import { Select } from '../../shared/ui/select/select';
import { isolateText } from '../../shared/ui/bidi';
import { errorsOf, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { ClaimPicker } from './claim-picker';
import { useOrganizations, type NamedItem, type Role, type RoleKind } from './roles-model';
import { rolesApi } from './roles-api';

/** Create or edit a role or template: title, owner organization (create only) and claims, through the confirmation flow. */
export function RoleEditor({ kind, original, organizationId, onClose, onSaved }: {
  kind: RoleKind; original: Role | null; organizationId: number | null; onClose(): void; onSaved(): void;
}) {
  const { api } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const { data: organizations } = useOrganizations();
  const [title, setTitle] = useState(original?.title ?? '');
  const [claims, setClaims] = useState<string[]>(original?.claims ?? []);
  const [owner, setOwner] = useState<number | null>(original ? original.organizationId : organizationId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { run, dialog } = useConfirmationFlow();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (title.trim().length < 2) { setErrors({ title: tc('form.required') }); return; }
    setErrors({});
    setBusy(true);
    try {
      const done = original
        ? await run((c) => rolesApi[kind].update(api, { id: original.id, title: title.trim(), claims, ...c }, { quiet: true }))
        : await run(() => rolesApi[kind].create(api, { title: title.trim(), claims, organizationId: owner ?? undefined }, { quiet: true }));
      if (done) onSaved();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };
  const createTitle = kind === 'Roles' ? t('createRoleTitle') : t('createTemplateTitle');
  return (
    <ModalDialog open size="lg" closeOnBackdrop={false} title={original ? t('editTitle', { name: isolateText(original.title) }) : createTitle} onClose={onClose}
      data-testid="role-editor-dialog"
      footer={<>
        <Button variant="secondary" onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" form="role-form" loading={busy} data-testid="role-form-submit">{tc('actions.save')}</Button>
      </>}>
      <form id="role-form" noValidate onSubmit={(e) => void submit(e)} data-testid="role-form" className="flex flex-col gap-3">
        <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <TextField id="role-title" data-testid="role-title" label={t('fields.title')} value={title} onChange={(e) => setTitle(e.target.value)}
            error={errors.title} required maxLength={200} />
          {!original && (
            <Select<NamedItem> id="role-organizationId" data-testid="role-organizationId" label={t('fields.owner')} items={organizations?.items} titleField="name"
              value={owner} onChange={(v) => setOwner(v === null ? null : Number(v))} error={errors.organizationId} />
          )}
        </div>
        <ClaimPicker selected={claims} onChange={setClaims} error={errors.claims} />
        <ErrorSummary errors={errors} />
      </form>
      {dialog}
    </ModalDialog>
  );
}
