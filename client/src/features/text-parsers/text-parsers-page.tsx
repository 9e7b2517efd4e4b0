import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { SearchBox } from '../admin-common/kit';
import { textParserPath, textParsersApi, textParsersKeys, type TextParser } from './text-parsers-api';

/** Text parsers: the line, what they match, what they do, on/off. */
export function TextParsersPage() {
  const { api } = useApp();
  const { t } = useTranslation('textParsers');
  const digits = useDigits();
  const navigate = useNavigate();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<TextParser | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(textParsersKeys.list(pageIndex, pageSize, search), () =>
    textParsersApi.list(api, { pageIndex, pageSize, ...(search ? { search } : {}) }));

  const toggle = async (p: TextParser) => {
    try {
      await textParsersApi.changeStatus(api, { id: p.id, isActive: !p.isActive });
      showToast({ kind: 'success', message: t('list.changed') });
      await mutate();
    } catch { /* the error catalogue told the user */ }
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await textParsersApi.delete(api, deleting.id, { quiet: true });
      showToast({ kind: 'success', message: t('list.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<TextParser>[]>(() => [
    { key: 'title', header: t('list.columns.title'), hideable: false, cell: (p) => <Link className="text-sky-700 underline" to={textParserPath(p.id)} data-testid="text-parser-row-title"><UserText>{p.title}</UserText></Link> },
    { key: 'line', header: t('list.columns.line'), cell: (p) => <span dir="ltr">{digits(p.senderNumber ?? '')}</span> },
    {
      key: 'condition', header: t('list.columns.condition'), cell: (p) => (
        <span data-testid="text-parser-row-condition">
          {t(`if.${p.ifConditionType}`)}{p.ifConditionValue ? <> «<UserText>{p.ifConditionValue}</UserText>»</> : null}
          {p.senderConditionType !== 'Any' && <span className="ms-1 text-slate-600 dark:text-slate-300">({t(`sender.${p.senderConditionType}`)})</span>}
        </span>
      ),
    },
    { key: 'action', header: t('list.columns.action'), cell: (p) => <span data-testid="text-parser-row-action">{t(`then.${p.thenConditionType}`)}</span> },
    { key: 'status', header: t('list.columns.status'), cell: (p) => <span data-testid="text-parser-row-status" data-active={p.isActive}>{t(p.isActive ? 'list.active' : 'list.inactive')}</span> },
    {
      key: 'actions', header: t('list.columns.actions'), hideable: false, cell: (p) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => void navigate(textParserPath(p.id))} data-testid="text-parser-edit">{t('common.edit')}</Button>
          <Button size="sm" variant="secondary" onClick={() => void toggle(p)} data-testid="text-parser-toggle">{t(p.isActive ? 'list.deactivate' : 'list.activate')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(p)} data-testid="text-parser-delete">{t('common.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  const create = () => void navigate(textParserPath('new'));
  return (
    <section data-testid="text-parsers-page">
      <PageHeader title={t('list.title')} actions={<Button onClick={create} data-testid="text-parser-create">{t('list.create')}</Button>} />
      <div className="mb-3"><SearchBox value={search} onSearch={(s) => { setSearch(s); setPageIndex(0); }} idPrefix="text-parsers" /></div>
      <DataTable columns={columns} rows={data?.items} rowKey={(p) => p.id} loading={isLoading} caption={t('list.title')}
        emptyText={t('list.empty')} emptyDescription={search ? undefined : t('list.emptyHint')}
        emptyAction={search ? undefined : <Button onClick={create} data-testid="text-parser-empty-create">{t('list.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="text-parsers-table" />
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('list.deleteTitle')}
        message={deleting ? t('list.deleteMessage', { title: isolateText(deleting.title) }) : undefined}
        confirmText={t('common.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="text-parser-delete-dialog" />
    </section>
  );
}
