import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { showToast } from '../dialog/toast-store';
import { PageHeader } from '../page-header';
import { ApprovalList, useApprovalListRefresh, type ApprovalListProps, type ApprovalRow } from './approval-list';
import { CodeSpans } from '../rich-text';

/** What the page's create / edit dialog is given. */
export interface ApprovalSubjectDialogProps<Row> {
  /** The row to edit, or null to create one. */
  editing: Row | null;
  onClose(): void;
  /** After a save: closes the dialog, says `done` and reloads the list. */
  onSaved(): void;
}

export interface ApprovalSubjectPageProps<Row extends ApprovalRow> extends Omit<ApprovalListProps<Row>, 'actions' | 'emptyState'> {
  pageTestId: string;
  /** The row's own actions (send…), before Edit. Keep it stable (`useCallback`): the columns are memoized on it. */
  rowActions?(row: Row): ReactNode;
  /** Shown while the subject has no row at all; `create` opens the create dialog. */
  emptyState?(create: () => void): ReactNode;
  /** The subject's create / edit dialog (usually around an `ApprovalSubjectForm`); a component of the page's module, so its identity stays. */
  dialog: ComponentType<ApprovalSubjectDialogProps<Row>>;
}

/**
 * The page of a subject that waits for a decision and that users write themselves (OTP formats,
 * message patterns): header with Create, the intro, the `ApprovalList` with Edit on each row, and
 * the create / edit dialog. Texts: the page's `title`, `create`, `edit`, `intro`, `done`; test ids
 * `${testId}-create`, `${testId}-edit`.
 */
export function ApprovalSubjectPage<Row extends ApprovalRow>(props: ApprovalSubjectPageProps<Row>) {
  const { pageTestId, rowActions, emptyState, dialog: Dialog, ...list } = props;
  const { ns, swrKey, testId } = list;
  const { t } = useTranslation(ns);
  const refresh = useApprovalListRefresh(swrKey);
  const [open, setOpen] = useState<{ editing: Row | null } | null>(null);
  const create = useCallback(() => setOpen({ editing: null }), []);

  const actions = useCallback((r: Row) => (<>
    {rowActions?.(r)}
    <Button size="sm" variant="secondary" onClick={() => setOpen({ editing: r })} data-testid={`${testId}-edit`}>{t('edit')}</Button>
  </>), [t, testId, rowActions]);

  return (
    <section data-testid={pageTestId}>
      <PageHeader title={t('title')} actions={<Button onClick={create} data-testid={`${testId}-create`}>{t('create')}</Button>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300"><CodeSpans text={t('intro')} /></p>
      <ApprovalList<Row> {...list} actions={actions} emptyState={emptyState?.(create)} />
      {open && <Dialog editing={open.editing} onClose={() => setOpen(null)}
        onSaved={() => { setOpen(null); showToast({ kind: 'success', message: t('done') }); void refresh(); }} />}
    </section>
  );
}
