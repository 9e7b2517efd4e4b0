import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { Select } from '../../shared/ui/select/select';
import { errorsOf, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { useOrganizations, type NamedItem, type Role, type RoleKind } from './roles-model';
import { roleLookups, rolesApi, rolesKeys } from './roles-api';

/** Assign a role to a user (Roles) or a template to an organization (RoleTemplates), through the confirmation flow. */
export function AssignDialog({ kind, organizationId, onClose, onDone }: { kind: RoleKind; organizationId: number | null; onClose(): void; onDone(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const { data: organizations } = useOrganizations();
  const [organization, setOrganization] = useState<number | null>(organizationId);
  const [target, setTarget] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, dialog } = useConfirmationFlow();
  const forUser = kind === 'Roles';
  const { data: users } = useSWR(forUser && organization ? rolesKeys.assignUsers(organization) : null, () =>
    roleLookups.users(api, { organizationId: organization, pageSize: 500 }));
  const { data: roles } = useSWR(rolesKeys.assignRoles(kind, forUser ? organization : null), () =>
    rolesApi[kind].list(api, { organizationId: forUser && organization ? organization : undefined, pageSize: 500 }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (forUser && !target) missing.userId = tc('form.required');
    if (!forUser && !organization) missing.organizationId = tc('form.required');
    if (!roleId) missing[forUser ? 'roleId' : 'roleTemplateId'] = tc('form.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      const done = forUser
        ? await run((c) => rolesApi.assignToUser(api, { userId: target, roleId, ...c }, { quiet: true }))
        : await run((c) => rolesApi.assignToOrganization(api, { organizationId: organization, roleTemplateId: roleId, ...c }, { quiet: true }));
      if (done) onDone();
    } catch (err) {
      setErrors(errorsOf(err));
    }
  };
  const userItems = (users?.items ?? []).map((u) => ({ id: u.id, title: [u.userName, [u.firstName, u.lastName].filter(Boolean).join(' ')].filter(Boolean).join(' — ') }));
  const num = (v: unknown) => (v === null ? null : Number(v));
  return (
    <ModalDialog open title={forUser ? t('assignUser.title') : t('assignOrganization.title')} onClose={onClose} data-testid="role-assign-dialog"
      footer={<>
        <Button variant="secondary" onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button type="submit" form="role-assign-form" data-testid="role-assign-submit">{tc('actions.confirm')}</Button>
      </>}>
      <form id="role-assign-form" noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <Select<NamedItem> id="assign-organizationId" data-testid="assign-organizationId" label={t('assignOrganization.organization')} items={organizations?.items}
          titleField="name" value={organization} error={errors.organizationId} required
          onChange={(v) => { setOrganization(num(v)); setTarget(null); if (forUser) setRoleId(null); }} />
        {forUser && (
          <Select id="assign-userId" data-testid="assign-userId" label={t('assignUser.user')} items={userItems} value={target} error={errors.userId} required
            onChange={(v) => setTarget(num(v))} />
        )}
        <Select<Role> id={forUser ? 'assign-roleId' : 'assign-roleTemplateId'} data-testid={forUser ? 'assign-roleId' : 'assign-roleTemplateId'}
          label={forUser ? t('assignUser.role') : t('assignOrganization.template')} items={roles?.items}
          value={roleId} error={errors[forUser ? 'roleId' : 'roleTemplateId']} required onChange={(v) => setRoleId(num(v))} />
        <ErrorSummary errors={errors} />
      </form>
      {dialog}
    </ModalDialog>
  );
}
