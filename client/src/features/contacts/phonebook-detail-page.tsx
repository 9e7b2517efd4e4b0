import { useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import type { CustomFieldValue } from '../../../../server/shared/contacts/contact-fields';
import {
  contactsApi, contactsKeys, customFieldsApi, dayToPickerValue, filterQuery, MAX_BULK_IDS, NO_FILTER, phonebookPath, phonebooksApi, type Contact,
  type ContactFilter, type ContactSelection, type ContactsPage, type CustomField,
} from './contacts-api';
import { ContactDialog } from './contact-dialog';
import { FieldValueInput } from './field-value-input';
import { KindBadge } from './phonebooks-page';
import { TransferDialog } from './transfer-dialog';
import { ContactExportPanel } from './contact-export-panel';

function FieldCell({ field, value }: { field: CustomField; value: CustomFieldValue | undefined }) {
  const { t } = useTranslation('contacts');
  const digits = useDigits();
  if (value === undefined) return <>{t('common.none')}</>;
  switch (field.type) {
    case 'Boolean': return <>{t(value ? 'common.yes' : 'common.no')}</>;
    case 'Datetime': return <DateDisplay value={String(value)} mode="date" />;
    case 'Integer': case 'Float': return <span dir="ltr">{digits(String(value))}</span>;
    default: return <bdi>{String(value)}</bdi>;
  }
}

/** The filter form: a name or number search (3+ characters) and one custom field's value. */
function FilterForm({ fields, applied, onApply }: { fields: readonly CustomField[]; applied: ContactFilter; onApply(f: ContactFilter): void }) {
  const { t, i18n } = useTranslation('contacts');
  const [draft, setDraft] = useState<ContactFilter>(applied);
  const [error, setError] = useState<string | null>(null);
  const persian = i18n.language.toLowerCase().includes('fa');
  const items = useMemo(() => fields.map((f) => ({ id: f.id, title: persian ? f.nameFa : f.nameEn })), [fields, persian]);
  const field = fields.find((f) => f.id === draft.fieldId) ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = draft.search.trim();
    if (term.length > 0 && term.length < 3) { setError(t('adminCommon:search.minLength')); return; }
    setError(null);
    onApply({ ...draft, search: term });
  };
  return (
    <form role="search" noValidate className="mb-3 flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="contacts-filter">
      <TextField id="contacts-search" data-testid="contacts-search" type="search" label={t('detail.search')} placeholder={t('detail.searchPlaceholder')}
        value={draft.search} error={error} onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))} />
      {fields.length > 0 && (
        <div className="min-w-[12rem]">
          <Select id="contacts-field" data-testid="contacts-field" label={t('detail.field')} placeholder={t('detail.anyField')} items={items} value={draft.fieldId}
            optimalSearch={false} onChange={(v) => setDraft((d) => ({ ...d, fieldId: v === null ? null : Number(v), fieldValue: '' }))} />
        </div>
      )}
      {field && (
        <div className="min-w-[12rem]">
          <FieldValueInput field={field} id="contacts-field-value" asDay label={t('detail.fieldValue')} value={draft.fieldValue}
            onChange={(v) => setDraft((d) => ({ ...d, fieldValue: v }))} />
        </div>
      )}
      <Button type="submit" data-testid="contacts-apply">{t('common.apply')}</Button>
      <Button variant="secondary" onClick={() => { setDraft(NO_FILTER); setError(null); onApply(NO_FILTER); }} data-testid="contacts-clear">{t('common.clear')}</Button>
    </form>
  );
}

/**
 * One phonebook: its contacts in id order (the row number is the index a phonebook send counts
 * from), search, paging, selection of rows or of everything that matches, and the bulk acts the
 * caller may do here (delete and move on their own phonebooks, copy wherever they see numbers).
 */
export function PhonebookDetailPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const { api } = useApp();
  const { t, i18n } = useTranslation('contacts');
  const digits = useDigits();
  const persian = i18n.language.toLowerCase().includes('fa');
  const [filter, setFilter] = useState<ContactFilter>(NO_FILTER);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [contactDialog, setContactDialog] = useState<{ editing: Contact | null } | null>(null);
  const [transfer, setTransfer] = useState<'Move' | 'Copy' | null>(null);
  const [deleting, setDeleting] = useState<{ one: Contact | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [listError, setListError] = useState<FieldErrors>({});

  const { data: phonebook, error: phonebookError, mutate: refreshPhonebook } = useSWR(Number.isInteger(id) && id > 0 ? contactsKeys.phonebook(id) : null,
    () => phonebooksApi.get(api, id));
  const { data: fieldList } = useSWR(phonebook ? contactsKeys.phonebookFields(id) : null,
    () => customFieldsApi.list(api, { phonebookId: id }));
  const fields = useMemo(() => fieldList?.items ?? [], [fieldList]);
  const query = filterQuery(filter);
  const filtered = Object.keys(query).length > 0;
  const { data: page, isLoading, mutate } = useSWR(phonebook?.canSeeContacts ? contactsKeys.contacts(id, filter, pageIndex, pageSize) : null, async (): Promise<ContactsPage> => {
    try {
      const result = await contactsApi.list(api, { phonebookId: id, pageIndex, pageSize, ...query }, { quiet: true });
      setListError({});
      return result;
    } catch (err) {
      // A refused filter (e.g. a number search where numbers are hidden) is shown beside the filter.
      setListError(errorsOf(err));
      return { items: [], totalCount: 0 };
    }
  });

  const clearSelection = () => { setSelected(new Set()); setAllMatching(false); };
  const refresh = async () => { clearSelection(); await Promise.all([mutate(), refreshPhonebook()]); };
  const rows = page?.items ?? [];
  const totalCount = page?.totalCount ?? 0;
  const pageSelected = rows.length > 0 && rows.every((c) => selected.has(c.id));
  const chosenCount = allMatching ? totalCount : selected.size;
  const tooMany = !allMatching && selected.size > MAX_BULK_IDS;
  const selection: ContactSelection = allMatching ? { selectAll: true, ...query } : { ids: [...selected] };
  const canManage = phonebook?.canManage ?? false;
  const canCopy = !!phonebook && phonebook.canSeeContacts && !phonebook.numbersHidden;
  const selectable = canManage || canCopy;

  const toggle = (contactId: number, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(contactId); else next.delete(contactId);
      return next;
    });
  };
  const togglePage = (on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const c of rows) { if (on) next.add(c.id); else next.delete(c.id); }
      return next;
    });
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      if (deleting.one) {
        await contactsApi.delete(api, deleting.one.id);
        showToast({ kind: 'success', message: t('detail.deleted', { n: digits(1) }) });
      } else {
        const result = await contactsApi.deleteMany(api, { phonebookId: id, ...selection });
        showToast({ kind: 'success', message: t('detail.deleted', { n: digits(result.deletedCount) }) });
      }
      setDeleting(null);
      await refresh();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<Contact>[]>(() => {
    const list: DataTableColumn<Contact>[] = [];
    if (selectable) {
      list.push({
        key: 'select', header: t('detail.select'), hideable: false, cell: (c) => (
          <input type="checkbox" className="h-4 w-4" checked={allMatching || selected.has(c.id)} onChange={(e) => toggle(c.id, e.target.checked)}
            aria-label={t('detail.selectRow', { id: digits(c.id) })} data-testid="contact-row-select" data-id={c.id} />
        ),
      });
    }
    list.push(
      { key: 'index', header: t('detail.columns.index'), cell: (_c, i) => (filtered ? t('common.none') : digits(pageIndex * pageSize + i + 1)) },
      { key: 'name', header: t('detail.columns.name'), hideable: false, cell: (c) => [c.firstName, c.lastName].filter(Boolean).join(' ') || t('common.none') },
      { key: 'cellphone', header: t('detail.columns.cellphone'), hideable: false, cell: (c) => <span dir="ltr" data-testid="contact-row-cellphone">{digits(c.cellphone)}</span> },
      { key: 'email', header: t('detail.columns.email'), hiddenByDefault: true, cell: (c) => (c.email ? <span dir="ltr">{c.email}</span> : t('common.none')) },
      { key: 'job', header: t('detail.columns.job'), hiddenByDefault: true, cell: (c) => c.job ?? t('common.none') },
      { key: 'birthdate', header: t('detail.columns.birthdate'), cell: (c) => <DateDisplay value={dayToPickerValue(c.birthdate)} mode="date" fallback={t('common.none')} /> },
      { key: 'telephone', header: t('detail.columns.telephone'), hiddenByDefault: true, cell: (c) => (c.telephone ? <span dir="ltr">{digits(c.telephone)}</span> : t('common.none')) },
      { key: 'address', header: t('detail.columns.address'), hiddenByDefault: true, cell: (c) => c.address ?? t('common.none') },
      { key: 'group', header: t('detail.columns.group'), cell: (c) => c.phonebookGroup ?? t('common.none') },
      { key: 'createType', header: t('detail.columns.createType'), hiddenByDefault: true, cell: (c) => t(`contact.createTypes.${c.createType}`, { defaultValue: c.createType }) },
    );
    fields.forEach((f, i) => list.push({
      key: `field-${f.id}`, header: persian ? f.nameFa : f.nameEn, hiddenByDefault: i >= 3, cell: (c) => <FieldCell field={f} value={c.fields[f.id]} />,
    }));
    if (canManage) {
      list.push({
        key: 'actions', header: t('detail.columns.actions'), hideable: false, cell: (c) => (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setContactDialog({ editing: c })} data-testid="contact-edit">{t('common.edit')}</Button>
            <Button size="sm" variant="danger" onClick={() => setDeleting({ one: c })} data-testid="contact-delete">{t('common.delete')}</Button>
          </div>
        ),
      });
    }
    return list;
  }, [t, digits, persian, fields, selected, allMatching, selectable, canManage, filtered, pageIndex, pageSize]);

  if (phonebookError) {
    return <EmptyState title={t('adminCommon:table.empty')} action={<Link to="/phonebooks" className="text-sky-700 underline">{t('common.back')}</Link>} data-testid="phonebook-missing" />;
  }
  if (!phonebook) return <section data-testid="phonebook-loading" aria-busy="true" />;

  const emptyBook = phonebook.contactsCount === 0 && !filtered;
  return (
    <section data-testid="phonebook-detail-page" data-phonebook-id={phonebook.id}>
      <PageHeader title={isolateText(phonebook.title)}
        breadcrumbs={<Link to="/phonebooks" className="underline" data-testid="phonebook-back">{t('common.back')}</Link>}
        subtitle={t('detail.contactsCount', { n: digits(phonebook.contactsCount) })}
        actions={(
          <>
            <KindBadge phonebook={phonebook} />
            {canManage && <Link to={`${phonebookPath(phonebook.id)}/import`} className="text-sky-700 underline dark:text-sky-300" data-testid="phonebook-import">{t('contactImport:open')}</Link>}
            {canManage && <Button onClick={() => setContactDialog({ editing: null })} data-testid="contact-add">{t('detail.addContact')}</Button>}
          </>
        )} data-testid="phonebook-header" />
      {!canManage && <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="phonebook-read-only">{t('detail.readOnly')}</p>}
      {phonebook.numbersHidden && <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="phonebook-numbers-hidden">{t('detail.numbersHidden')}</p>}
      {!phonebook.canSeeContacts ? (
        <EmptyState title={t('detail.hiddenContacts')} data-testid="phonebook-contacts-hidden" />
      ) : emptyBook ? (
        <EmptyState title={t('detail.emptyTitle')} description={canManage ? t('detail.emptyText') : undefined} data-testid="phonebook-empty"
          action={canManage ? <Button onClick={() => setContactDialog({ editing: null })} data-testid="phonebook-empty-add">{t('detail.addContact')}</Button> : undefined} />
      ) : (
        <>
          {fieldList && <FilterForm fields={fields} applied={filter} onApply={(f) => { setFilter(f); setPageIndex(0); clearSelection(); }} />}
          {Object.keys(listError).length > 0 && (
            <ul role="alert" className="mb-2 list-disc ps-6 text-sm text-red-700 dark:text-red-300" data-testid="contacts-list-error">
              {Object.values(listError).map((m) => <li key={m}>{m}</li>)}
            </ul>
          )}
          {selectable && (
            <div className="mb-2 flex flex-wrap items-center gap-3" role="group" aria-label={t('detail.select')} data-testid="contacts-selection">
              <CheckboxField id="contacts-select-page" data-testid="contacts-select-page" label={t('detail.selectPage')} checked={allMatching || pageSelected}
                disabled={rows.length === 0} onCheckedChange={togglePage} />
              <span className="text-sm" aria-live="polite" data-testid="contacts-selected-count" data-count={chosenCount}>
                {allMatching ? t('detail.allSelected', { n: digits(totalCount) }) : t('detail.selected', { n: digits(selected.size) })}
              </span>
              {pageSelected && !allMatching && totalCount > rows.length && (
                <Button size="sm" variant="ghost" onClick={() => setAllMatching(true)} data-testid="contacts-select-all">{t('detail.selectAll', { n: digits(totalCount) })}</Button>
              )}
              {canManage && <Button size="sm" variant="danger" disabled={chosenCount === 0 || tooMany} onClick={() => setDeleting({ one: null })} data-testid="contacts-delete-selected">{t('detail.deleteSelected')}</Button>}
              {canManage && <Button size="sm" variant="secondary" disabled={chosenCount === 0 || tooMany} onClick={() => setTransfer('Move')} data-testid="contacts-move-selected">{t('detail.moveSelected')}</Button>}
              {canCopy && <Button size="sm" variant="secondary" disabled={chosenCount === 0 || tooMany} onClick={() => setTransfer('Copy')} data-testid="contacts-copy-selected">{t('detail.copySelected')}</Button>}
              {chosenCount > 0 && <Button size="sm" variant="ghost" onClick={clearSelection} data-testid="contacts-clear-selection">{t('detail.clearSelection')}</Button>}
              {tooMany && <span role="alert" className="text-sm text-red-700">{t('detail.tooMany', { max: digits(MAX_BULK_IDS) })}</span>}
            </div>
          )}
          <ContactExportPanel phonebookId={phonebook.id} chosen={chosenCount > 0 && !tooMany}
            selection={chosenCount > 0 && !tooMany ? selection : { selectAll: true, ...query }} count={chosenCount > 0 && !tooMany ? chosenCount : totalCount} />
          {fieldList && (
            <DataTable key={fields.map((f) => f.id).join(',')} columns={columns} rows={page?.items} rowKey={(c) => c.id} loading={isLoading}
              emptyText={t('adminCommon:table.empty')} caption={phonebook.title}
              pageIndex={pageIndex} pageSize={pageSize} totalCount={totalCount} onPageChange={setPageIndex}
              onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="contacts-table" />
          )}
        </>
      )}
      {contactDialog && (
        <ContactDialog phonebookId={phonebook.id} fields={fields} editing={contactDialog.editing} onClose={() => setContactDialog(null)}
          onSaved={() => { setContactDialog(null); showToast({ kind: 'success', message: t('contact.saved') }); void refresh(); }} />
      )}
      {transfer && (
        <TransferDialog kind={transfer} source={phonebook} selection={selection} chosenCount={chosenCount} onClose={() => setTransfer(null)}
          onDone={() => { setTransfer(null); void refresh(); }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('detail.deleteTitle')}
        message={deleting?.one
          ? t('detail.deleteOne', { name: isolateText([deleting.one.firstName, deleting.one.lastName].filter(Boolean).join(' ') || deleting.one.cellphone) })
          : t('detail.deleteMessage', { n: digits(chosenCount) })}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="contacts-delete-dialog" />
    </section>
  );
}
