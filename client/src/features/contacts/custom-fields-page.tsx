import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { CONTACT_LIMITS, CUSTOM_FIELD_TYPES, FIELD_NAME_EN_PATTERN, type CustomFieldType } from '../../../../server/shared/contacts/contact-fields';
import { contactsKeys, customFieldsApi, type CustomField } from './contacts-api';

function FieldDialog({ editing, onClose, onSaved }: { editing: CustomField | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const [type, setType] = useState<CustomFieldType>(editing?.type ?? 'String');
  const [nameEn, setNameEn] = useState(editing?.nameEn ?? '');
  const [nameFa, setNameFa] = useState(editing?.nameFa ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!nameEn.trim()) local.nameEn = t('common.required');
    else if (!new RegExp(FIELD_NAME_EN_PATTERN).test(nameEn.trim())) local.nameEn = t('customFields.nameEnInvalid');
    if (!nameFa.trim()) local.nameFa = t('common.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const names = { nameEn: nameEn.trim(), nameFa: nameFa.trim() };
      if (editing) await customFieldsApi.update(api, { id: editing.id, ...names }, { quiet: true });
      else await customFieldsApi.create(api, { type, ...names }, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'customFields.edit' : 'customFields.create')} data-testid="custom-field-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="custom-field-errors" />
        <div className="mb-4 grid gap-3">
          <FieldFrame id="custom-field-type" label={t('customFields.fields.type')} hint={t('customFields.typeFixed')} errorText={errors.type ?? null}>
            <select id="custom-field-type" data-testid="custom-field-type" value={type} disabled={!!editing} className={inputClass(!!errors.type)}
              onChange={(e) => setType(e.target.value as CustomFieldType)}>
              {CUSTOM_FIELD_TYPES.map((k) => <option key={k} value={k}>{t(`customFields.types.${k}`)}</option>)}
            </select>
          </FieldFrame>
          <TextField id="custom-field-name-fa" data-testid="custom-field-name-fa" label={t('customFields.fields.nameFa')} value={nameFa} maxLength={CONTACT_LIMITS.fieldName}
            required error={errors.nameFa} onChange={(e) => setNameFa(e.target.value)} />
          <TextField id="custom-field-name-en" data-testid="custom-field-name-en" label={t('customFields.fields.nameEn')} hint={t('customFields.nameEnHint')} value={nameEn}
            dir="ltr" maxLength={CONTACT_LIMITS.fieldName} required error={errors.nameEn} onChange={(e) => setNameEn(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="custom-field-save">{t('common.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The active organization's custom fields: everyone with the Phonebook claim reads them, administrators change them. */
export function CustomFieldsPage() {
  const { api } = useApp();
  const { t } = useTranslation('contacts');
  const digits = useDigits();
  const { data: user } = useCurrentUser();
  // The server's rule: administrators, resellers and the super admin (everyone but a plain user).
  const canChange = !!user && user.scope !== 'user';
  const [dialog, setDialog] = useState<{ editing: CustomField | null } | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(contactsKeys.customFields(), () => customFieldsApi.list(api));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await customFieldsApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('customFields.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<CustomField>[]>(() => [
    { key: 'nameFa', header: t('customFields.columns.nameFa'), hideable: false, cell: (f) => f.nameFa },
    { key: 'nameEn', header: t('customFields.columns.nameEn'), cell: (f) => <span dir="ltr" className="font-mono" data-testid="custom-field-row-name">{f.nameEn}</span> },
    { key: 'type', header: t('customFields.columns.type'), cell: (f) => t(`customFields.types.${f.type}`) },
    ...(canChange ? [{
      key: 'actions', header: t('customFields.columns.actions'), hideable: false, cell: (f: CustomField) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: f })} data-testid="custom-field-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(f)} data-testid="custom-field-delete">{t('common.delete')}</Button>
        </div>
      ),
    }] : []),
  ], [t, canChange]);

  const count = data?.totalCount ?? 0;
  const usage = data && (data.maxCustomFiled
    ? t('customFields.usage', { n: digits(count), max: digits(data.maxCustomFiled) })
    : t('customFields.usageUnlimited', { n: digits(count) }));
  return (
    <section data-testid="custom-fields-page">
      <PageHeader title={t('customFields.title')} subtitle={usage || undefined}
        breadcrumbs={<Link to="/phonebooks" className="underline">{t('common.back')}</Link>}
        actions={canChange ? <Button onClick={() => setDialog({ editing: null })} data-testid="custom-field-create">{t('customFields.create')}</Button> : undefined} />
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{t('customFields.intro')}</p>
      {!canChange && <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" data-testid="custom-fields-admin-only">{t('customFields.adminOnly')}</p>}
      {!isLoading && data && count === 0 ? (
        <EmptyState title={t('customFields.emptyTitle')} description={t('customFields.emptyText')} data-testid="custom-fields-empty"
          action={canChange ? <Button onClick={() => setDialog({ editing: null })} data-testid="custom-fields-empty-create">{t('customFields.create')}</Button> : undefined} />
      ) : (
        <DataTable columns={columns} rows={data?.items} rowKey={(f) => f.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('customFields.title')}
          pageIndex={0} pageSize={Math.max(count, 1)} totalCount={count} onPageChange={() => undefined} columnChooser={false} data-testid="custom-fields-table" />
      )}
      {dialog && (
        <FieldDialog editing={dialog.editing} onClose={() => setDialog(null)}
          onSaved={() => { setDialog(null); showToast({ kind: 'success', message: t('customFields.saved') }); void mutate(); }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('customFields.deleteTitle')}
        message={deleting ? t('customFields.deleteMessage', { name: isolateText(deleting.nameFa) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="custom-field-delete-dialog" />
    </section>
  );
}
