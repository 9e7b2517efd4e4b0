import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { CodeSpans } from '../../shared/ui/rich-text';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { UserText } from '../../shared/ui/user-text';
import { isolateText } from '../../shared/ui/bidi';
import { ErrorSummary, SearchBox, errorsOf, type FieldErrors } from '../admin-common/kit';
import { TemplateFields } from '../sending/phonebook-recipients';
import { TEMPLATE_FORMATS } from '../../../../server/shared/text/template-placeholders';
import { dynamicTemplatesApi, dynamicTemplatesKeys, type DynamicTemplate, type TemplateFormat } from './dynamic-templates-api';

/** Create or edit a template: title, text with field buttons, and the placeholder format (with what it means). */
function TemplateDialog({ editing, onClose, onSaved }: { editing: DynamicTemplate | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('dynamic-templates');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [customText, setCustomText] = useState(editing?.customText ?? '');
  const [format, setFormat] = useState<TemplateFormat>(editing?.format ?? 'Braces');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formats = useMemo(() => TEMPLATE_FORMATS.map((f) => ({ id: f, title: t(`formats.${f}`) })), [t]);
  const textError = errors.customText ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (!title.trim()) missing.title = t('required');
    if (!customText.trim()) missing.customText = t('required');
    if (Object.keys(missing).length) { setErrors(missing); return; }
    setBusy(true);
    try {
      const body = { title: title.trim(), customText, format };
      if (editing) await dynamicTemplatesApi.update(api, { id: editing.id, ...body }, { quiet: true });
      else await dynamicTemplatesApi.create(api, body, { quiet: true });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  // The field buttons write `{name}`; in the Brackets format the same field is `[name]`.
  const insert = (placeholder: string) => setCustomText((v) => v + (format === 'Brackets' ? `[${placeholder.slice(1, -1)}]` : placeholder));

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'edit' : 'create')} data-testid="template-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="template-errors" />
        <div className="mb-4 grid gap-3">
          <TextField id="template-title" data-testid="template-title" label={t('fields.title')} value={title} maxLength={100} required
            error={errors.title} onChange={(e) => setTitle(e.target.value)} />
          <Select id="template-format" data-testid="template-format" label={t('fields.format')} items={formats} value={format} required clearable={false}
            hint={t('formatHint')} error={errors.format} onChange={(v) => { if (v) setFormat(v as TemplateFormat); }} />
          <FieldFrame id="template-text" label={t('fields.customText')} required errorText={textError}>
            <textarea id="template-text" data-testid="template-text" rows={5} dir="auto" maxLength={5000} value={customText}
              aria-invalid={textError ? true : undefined} aria-describedby={describedBy('template-text', undefined, textError)}
              className={inputClass(!!textError)} onChange={(e) => setCustomText(e.target.value)} />
          </FieldFrame>
          {format === 'Braces'
            ? <TemplateFields onInsert={insert} />
            : <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="template-brackets-hint"><CodeSpans text={t('bracketsHint')} /></p>}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="template-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The spec's dynamic templates: a paged, searchable list; create, edit and delete. */
export function DynamicTemplatesPage() {
  const { api } = useApp();
  const { t } = useTranslation('dynamic-templates');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<DynamicTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DynamicTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(dynamicTemplatesKeys.list(pageIndex, pageSize, search),
    () => dynamicTemplatesApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dynamicTemplatesApi.remove(api, deleting.id);
      showToast({ kind: 'success', message: t('deleted') });
      setDeleting(null);
      await mutate();
    } catch { setDeleting(null); /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<DynamicTemplate>[]>(() => [
    { key: 'title', header: t('columns.title'), hideable: false, cell: (r) => <UserText>{r.title}</UserText> },
    { key: 'customText', header: t('columns.customText'), cell: (r) => <UserText className="whitespace-pre-wrap break-words" data-testid="template-row-text">{r.customText}</UserText> },
    { key: 'format', header: t('columns.format'), cell: (r) => t(`formats.${r.format}`) },
    { key: 'user', header: t('columns.user'), cell: (r) => <UserText>{r.userName}</UserText> },
    { key: 'lastModified', header: t('columns.lastModified'), cell: (r) => <DateDisplay value={r.lastModified} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" data-testid="template-edit" onClick={() => setEditing(r)}>{t('edit')}</Button>
          <Button size="sm" variant="danger" data-testid="template-delete" onClick={() => setDeleting(r)}>{t('delete')}</Button>
        </div>
      ),
    },
  ], [t]);

  return (
    <section data-testid="dynamic-templates-page">
      <PageHeader title={t('title')} actions={<Button data-testid="template-create" onClick={() => setEditing('new')}>{t('create')}</Button>} />
      <p className="mb-3 max-w-3xl text-sm text-slate-600 dark:text-slate-300">{t('intro')}</p>
      <div className="mb-3 max-w-md"><SearchBox value={search} idPrefix="templates" onSearch={(term) => { setSearch(term); setPageIndex(0); }} /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} caption={t('title')}
        emptyText={t('empty')} emptyDescription={t('emptyHint')}
        emptyAction={<Button data-testid="template-create-empty" onClick={() => setEditing('new')}>{t('create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="templates-table" />
      {editing && (
        <TemplateDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => { showToast({ kind: 'success', message: t('saved') }); setEditing(null); void mutate(); }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger data-testid="template-delete-dialog"
        title={t('deleteTitle')} confirmText={t('delete')}
        message={deleting ? t('deleteMessage', { title: isolateText(deleting.title) }) : null}
        onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
