import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import { NUMBER_CLASS_OPERATORS, numberClassesApi, numberClassesKeys, type NumberClass, type NumberClassInput } from './lines-api';
import { UserText } from '../../shared/ui/user-text';

type Operator = (typeof NUMBER_CLASS_OPERATORS)[number];

interface Draft { title: string; operatorClasses: Record<Operator, string>; patterns: string; description: string }

function draftOf(c: NumberClass | null): Draft {
  const ops = c?.operatorClasses as Partial<Record<Operator, string>> | undefined;
  return {
    title: c?.title ?? '',
    operatorClasses: { MCI: ops?.MCI ?? '', Irancell: ops?.Irancell ?? '', Rightel: ops?.Rightel ?? '' },
    patterns: (c?.patterns ?? []).join('\n'),
    description: c?.description ?? '',
  };
}

function ClassDialog({ original, onClose, onSaved }: { original: NumberClass | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('numberClasses');
  const [draft, setDraft] = useState<Draft>(() => draftOf(original));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // A bad pattern comes back as `patterns[i]`: shown under the one box they were typed in.
  const patternsError = Object.entries(errors).filter(([k]) => k.startsWith('patterns')).map(([, v]) => v).join(' ');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!draft.title.trim()) local.title = t('required');
    if (!NUMBER_CLASS_OPERATORS.some((op) => draft.operatorClasses[op].trim())) local.operatorClasses = t('needOperator');
    // Kept line by line (blank lines too), so the server's `patterns[i]` names the line typed.
    const patterns = draft.patterns.split('\n');
    if (!patterns.some((p) => p.trim())) local.patterns = t('required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const body: NumberClassInput = {
      id: original?.id, title: draft.title.trim(), operatorClasses: draft.operatorClasses,
      patterns: patterns.map((p) => toLatinDigits(p)), description: draft.description.trim() || null,
    };
    setBusy(true);
    try {
      await (original ? numberClassesApi.update : numberClassesApi.create)(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} size="lg" title={t(original ? 'edit' : 'create')} data-testid="number-class-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="number-class-errors" />
        <div className="mb-3 grid gap-3">
          <TextField id="number-class-title" data-testid="number-class-title" label={t('titleField')} value={draft.title} maxLength={100} required
            error={errors.title} onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))} />
        </div>
        <FormSection title={t('operatorClasses')} testId="number-class-operators">
          <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">{t('operatorHint')}</p>
          {NUMBER_CLASS_OPERATORS.map((op) => (
            <TextField key={op} id={`number-class-op-${op}`} data-testid={`number-class-op-${op}`} label={t(`operators.${op}`)} value={draft.operatorClasses[op]}
              maxLength={50} error={errors[op.charAt(0).toLowerCase() + op.slice(1)] ?? (op === 'MCI' ? errors.operatorClasses : undefined)}
              onChange={(e) => setDraft((d) => ({ ...d, operatorClasses: { ...d.operatorClasses, [op]: e.target.value } }))} />
          ))}
        </FormSection>
        <div className="mb-3">
          <label htmlFor="number-class-patterns" className="mb-1 block text-sm font-medium">{t('patterns')}</label>
          <p id="number-class-patterns-hint" className="mb-1 text-xs text-slate-600 dark:text-slate-300">{t('patternsHint')}</p>
          <textarea id="number-class-patterns" data-testid="number-class-patterns" rows={6} dir="ltr" spellCheck={false} value={draft.patterns}
            aria-describedby={`number-class-patterns-hint${patternsError ? ' number-class-patterns-error' : ''}`} aria-invalid={patternsError ? true : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, patterns: e.target.value }))}
            className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
          {patternsError && <p id="number-class-patterns-error" className="text-sm text-red-700 dark:text-red-400">{patternsError}</p>}
        </div>
        <div className="mb-3 grid gap-3">
          <TextField id="number-class-description" label={t('description')} value={draft.description} maxLength={500} error={errors.description}
            onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} />
        </div>
        <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">{t('afterEdit')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="number-class-save">{t('save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * The operators' number classes as the system's administrator enters them, and "check all lines"
 * (the nightly job at once). No import from a file yet: the page says so.
 */
export function NumberClassesPage() {
  const { api } = useApp();
  const { t } = useTranslation('numberClasses');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<NumberClass | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NumberClass | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const { data, isLoading, mutate } = useSWR(numberClassesKeys.list(pageIndex, pageSize), () => numberClassesApi.list(api, { pageIndex, pageSize }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await numberClassesApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const checkAll = async () => {
    setChecking(true);
    try {
      const res = await numberClassesApi.checkNow(api, {});
      showToast({ kind: 'success', message: t('checked', { n: digits(res.checkedCount) }) });
    } catch { /* the error catalogue told the user */ } finally { setChecking(false); }
  };

  const columns = useMemo<DataTableColumn<NumberClass>[]>(() => [
    { key: 'title', header: t('columns.title'), hideable: false, cell: (c) => <UserText data-testid="number-class-row-title">{c.title}</UserText> },
    {
      key: 'operators', header: t('columns.operators'), cell: (c) => (
        <ul className="text-sm">
          {NUMBER_CLASS_OPERATORS.filter((op) => (c.operatorClasses as Partial<Record<Operator, string>>)[op]).map((op) => (
            <li key={op}>{t(`operators.${op}`)}: <bdi>{(c.operatorClasses as Partial<Record<Operator, string>>)[op]}</bdi></li>
          ))}
        </ul>
      ),
    },
    { key: 'patterns', header: t('columns.patterns'), cell: (c) => <span dir="ltr" className="font-mono text-sm">{c.patterns.map((p) => digits(p)).join('، ')}</span> },
    { key: 'updatedAt', header: t('columns.updatedAt'), cell: (c) => <DateDisplay value={c.updatedAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false, cell: (c) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="secondary" onClick={() => setEditing(c)} data-testid="number-class-edit">{t('edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(c)} data-testid="number-class-delete">{t('delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  return (
    <section data-testid="number-classes-page">
      <PageHeader title={t('title')} actions={(
        <div className="flex items-center gap-2">
          <Button variant="secondary" loading={checking} onClick={() => void checkAll()} data-testid="number-classes-check-all">{t('checkAll')}</Button>
          <Button onClick={() => setEditing('new')} data-testid="number-classes-create">{t('create')}</Button>
        </div>
      )} />
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">{t('intro')}</p>
      <p className="mb-4 text-sm text-amber-800 dark:text-amber-300" data-testid="number-classes-import-later">{t('importLater')}</p>
      <DataTable columns={columns} rows={data?.items} rowKey={(c) => c.id} loading={isLoading} caption={t('title')}
        emptyText={t('empty')} emptyDescription={t('emptyHint')}
        emptyAction={<Button onClick={() => setEditing('new')} data-testid="number-classes-empty-create">{t('create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="number-classes-table" />
      {editing && (
        <ClassDialog key={editing === 'new' ? 'new' : editing.id} original={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); void mutate(); }} />
      )}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('deleteTitle')} message={deleting ? t('deleteMessage', { name: deleting.title }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="number-class-delete-dialog" />
    </section>
  );
}
