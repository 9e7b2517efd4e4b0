import { useMemo, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import type { Page } from '../../shared/api/api-client';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { isPersian } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, SearchBox, showApiError, useConfirmationFlow, ErrorSummary, type FieldErrors } from '../admin-common/kit';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';

export type RoleKind = 'Roles' | 'RoleTemplates';

export interface Role {
  id: number;
  organizationId: number;
  organizationName: string;
  title: string;
  claims: string[];
  isTemplate: boolean;
}

interface ClaimSection { key: string; titleFa: string; titleEn: string; claims: { key: string; titleFa: string; titleEn: string }[] }
interface NamedItem { id: number; name: string }
interface UserItem { id: number; userName: string; firstName: string | null; lastName: string | null }

const PAGE_SIZE = 20;
const rolesKeys = (key: unknown) => Array.isArray(key) && (key[0] === 'roles' || key[0] === 'user-roles' || key[0] === 'organization-templates');

function useOrganizations() {
  const { api } = useApp();
  return useSWR<Page<NamedItem>>(['organizations-parents'], () => api.get<Page<NamedItem>>('/Organizations/GetAll', { query: { pageSize: 500 } }));
}

/** The claim picker: one group per menu section, each with a "select all" box. */
function ClaimPicker({ selected, onChange, error }: { selected: string[]; onChange(claims: string[]): void; error?: string }) {
  const { api, store } = useApp();
  const { t } = useTranslation('roles');
  const language = useAppState(store, (s) => s.language);
  const digits = useDigits();
  const { data: sections } = useSWR<ClaimSection[]>(['roles', 'claims'], () => api.get<ClaimSection[]>('/Roles/GetClaims'));
  const title = (x: { titleFa: string; titleEn: string }) => (isPersian(language) ? x.titleFa : x.titleEn);
  const set = new Set(selected);
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(set);
    for (const k of keys) if (on) next.add(k); else next.delete(k);
    onChange([...next]);
  };
  return (
    <div role="group" aria-labelledby="claims-label" aria-describedby={error ? 'claims-error' : 'claims-hint'} data-testid="claim-picker">
      <div id="claims-label" className="mb-1 text-sm font-medium">{t('fields.claims')}</div>
      <p id="claims-hint" className="mb-2 text-xs text-slate-500">{t('claimsHint')} {t('selectedCount', { number: digits(selected.length) })}</p>
      {error && <p id="claims-error" role="alert" className="mb-2 text-xs text-red-700">{error}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {(sections ?? []).map((s) => {
          const keys = s.claims.map((c) => c.key);
          const all = keys.every((k) => set.has(k));
          const some = !all && keys.some((k) => set.has(k));
          return (
            <fieldset key={s.key} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid={`claim-section-${s.key}`}>
              <legend className="px-1 text-sm font-semibold">{title(s)}</legend>
              <label className="mb-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                <input type="checkbox" checked={all} aria-checked={some ? 'mixed' : all} ref={(el) => { if (el) el.indeterminate = some; }}
                  aria-label={t('selectSection', { name: title(s) })} onChange={(e) => toggle(keys, e.target.checked)} />
                {t('selectSection', { name: title(s) })}
              </label>
              {s.claims.map((c) => (
                <label key={c.key} className="flex items-center gap-2 ps-4 text-sm">
                  <input type="checkbox" data-testid={`claim-${c.key}`} checked={set.has(c.key)} onChange={(e) => toggle([c.key], e.target.checked)} />
                  {title(c)}
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}

function RoleEditor({ kind, original, organizationId, onClose, onSaved }: {
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
        ? await run((c) => api.post(`/${kind}/Update`, { id: original.id, title: title.trim(), claims, ...c }, { quiet: true }))
        : await run(() => api.post(`/${kind}/Create`, { title: title.trim(), claims, organizationId: owner ?? undefined }, { quiet: true }));
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

function CloneDialog({ role, onClose, onDone }: { role: Role; onClose(): void; onDone(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const [title, setTitle] = useState(t('clone.defaultTitle', { name: role.title }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.post('/Roles/Clone', { id: role.id, title: title.trim() }, { quiet: true });
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

/** Assign a role to a user (Roles) or a template to an organization (RoleTemplates), through the confirmation flow. */
function AssignDialog({ kind, organizationId, onClose, onDone }: { kind: RoleKind; organizationId: number | null; onClose(): void; onDone(): void }) {
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
  const { data: users } = useSWR<Page<UserItem>>(forUser && organization ? ['roles', 'assign-users', organization] : null, () =>
    api.get<Page<UserItem>>('/Users/GetAll', { query: { organizationId: organization, pageSize: 500 } }));
  const { data: roles } = useSWR<Page<Role>>(['roles', 'assign-roles', kind, forUser ? organization : null], () =>
    api.get<Page<Role>>(`/${kind}/GetAll`, { query: { organizationId: forUser && organization ? organization : undefined, pageSize: 500 } }));

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
        ? await run((c) => api.post('/Roles/AssignToUser', { userId: target, roleId, ...c }, { quiet: true }))
        : await run((c) => api.post('/RoleTemplates/AssignToOrganization', { organizationId: organization, roleTemplateId: roleId, ...c }, { quiet: true }));
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

type Dialog = { kind: 'edit'; role: Role | null } | { kind: 'clone' | 'delete'; role: Role } | { kind: 'assign' };

/** The list screen of roles or role templates. */
export function RoleListScreen({ kind }: { kind: RoleKind }) {
  const { api, store } = useApp();
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation('adminCommon');
  const { data: me } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const digits = useDigits();
  const activeOrganizationId = useAppState(store, (s) => s.activeOrganizationId);
  const defaultOrganization = activeOrganizationId ? Number(activeOrganizationId) : me ? me.organizationId : null;
  const [organizationId, setOrganizationId] = useState<number | null | undefined>(undefined);
  const organization = organizationId === undefined ? defaultOrganization : organizationId;
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { run, dialog: confirmation } = useConfirmationFlow();
  const { data: organizations } = useOrganizations();
  const isRoles = kind === 'Roles';
  const mayManage = isRoles ? hasClaim(me, 'Roles.Manage') : hasClaim(me, 'RoleTemplates.Manage');

  const { data, isLoading } = useSWR<Page<Role>>(['roles', kind, organization, search, pageIndex, pageSize], () =>
    api.get<Page<Role>>(`/${kind}/GetAll`, { query: { organizationId: organization ?? undefined, search: search || undefined, pageIndex, pageSize } }));
  const refresh = () => mutate(rolesKeys);
  const notify = (message: string) => showToast({ kind: 'success', message });
  const done = (message: string) => { setDialog(null); notify(message); void refresh(); };

  const remove = async (role: Role) => {
    setDialog(null);
    try {
      const result = await run((c) => api.delete(`/${kind}/Delete/${role.id}`, { query: { ...c }, quiet: true }));
      if (result) { notify(t('deleted')); await refresh(); }
    } catch (e) {
      showApiError(store, e);
    }
  };
  const edit = async (role: Role) => {
    try {
      setDialog({ kind: 'edit', role: await api.get<Role>(`/${kind}/Get/${role.id}`) });
    } catch { /* shown */ }
  };

  const prefix = isRoles ? 'roles' : 'role-templates';
  const columns = useMemo<DataTableColumn<Role>[]>(() => [
    { key: 'title', header: t('columns.title'), cell: (r) => <UserText data-testid="role-title-cell">{r.title}</UserText> },
    { key: 'organization', header: t('columns.organization'), cell: (r) => r.organizationName },
    { key: 'claims', header: t('columns.claims'), cell: (r) => <span data-testid="role-claims-count">{digits(r.claims?.length ?? 0)}</span> },
  ], [t, digits]);
  const rowActions = (r: Role) => mayManage && (
    <div className="flex flex-wrap justify-end gap-1" data-role-id={r.id}>
      <Button size="sm" variant="secondary" data-testid="role-edit" onClick={() => void edit(r)}>{t('actions.edit')}</Button>
      {isRoles && <Button size="sm" variant="secondary" data-testid="role-clone" onClick={() => setDialog({ kind: 'clone', role: r })}>{t('actions.clone')}</Button>}
      <Button size="sm" variant="danger" data-testid="role-delete" onClick={() => setDialog({ kind: 'delete', role: r })}>{t('actions.delete')}</Button>
    </div>
  );

  return (
    <section data-testid={`${prefix}-page`}>
      <PageHeader title={isRoles ? t('rolesTitle') : t('templatesTitle')} actions={mayManage && (
        <>
          <Button variant="secondary" data-testid={`${prefix}-assign`} onClick={() => setDialog({ kind: 'assign' })}>
            {isRoles ? t('actions.assignToUser') : t('actions.assignToOrganization')}
          </Button>
          <Button data-testid={`${prefix}-create`} onClick={() => setDialog({ kind: 'edit', role: null })}>
            {isRoles ? t('createRole') : t('createTemplate')}
          </Button>
        </>
      )} />
      <div className="mb-3 flex flex-wrap items-start gap-4">
        <SearchBox idPrefix={prefix} value={search} onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
        <div className="min-w-[14rem]">
          <Select<NamedItem> id={`${prefix}-organization-filter`} data-testid={`${prefix}-organization-filter`} label={t('organization')}
            items={organizations?.items} titleField="name" value={organization}
            onChange={(v) => { setOrganizationId(v === null ? null : Number(v)); setPageIndex(0); }} />
        </div>
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={tc('table.empty')}
        caption={isRoles ? t('rolesTitle') : t('templatesTitle')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0}
        onPageChange={setPageIndex} onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }}
        rowActions={mayManage ? rowActions : undefined} data-testid={`${prefix}-table`} />
      {dialog?.kind === 'edit' && (
        <RoleEditor kind={kind} original={dialog.role} organizationId={organization} onClose={() => setDialog(null)} onSaved={() => done(t('saved'))} />
      )}
      {dialog?.kind === 'clone' && <CloneDialog role={dialog.role} onClose={() => setDialog(null)} onDone={() => done(t('cloned'))} />}
      {dialog?.kind === 'assign' && (
        <AssignDialog kind={kind} organizationId={organization} onClose={() => setDialog(null)}
          onDone={() => done(isRoles ? t('assignUser.done') : t('assignOrganization.done'))} />
      )}
      <ConfirmDialog open={dialog?.kind === 'delete'} danger title={tc('confirmDelete.title')}
        message={dialog?.kind === 'delete' ? tc('confirmDelete.message', { name: isolateText(dialog.role.title) }) : ''} confirmText={t('actions.delete')}
        data-testid="role-delete-dialog" onCancel={() => setDialog(null)} onConfirm={() => { if (dialog?.kind === 'delete') void remove(dialog.role); }} />
      {confirmation}
    </section>
  );
}
