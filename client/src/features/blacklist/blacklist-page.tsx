import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { splitNumbers } from '../sending/sending-api';
import { blacklistApi, blacklistKeys, type BlacklistEntry } from './blacklist-api';

// The server's limit of BlackLists/CreateBulk.
const MAX_BULK = 100_000;

function AddDialog({ many, onClose, onAdded }: { many: boolean; onClose(): void; onAdded(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('blacklist');
  const digits = useDigits();
  const [mobile, setMobile] = useState('');
  const [description, setDescription] = useState('');
  const [mobiles, setMobiles] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const list = useMemo(() => splitNumbers(toLatinDigits(mobiles)), [mobiles]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (many && !list.length) local.mobiles = t('required');
    if (many && list.length > MAX_BULK) local.mobiles = t('tooMany', { n: digits(MAX_BULK) });
    if (!many && !mobile.trim()) local.mobile = t('required');
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      if (many) await blacklistApi.createBulk(api, { mobiles: list }, { quiet: true });
      else await blacklistApi.create(api, { mobile: toLatinDigits(mobile.trim()), description: description.trim() || undefined }, { quiet: true });
      showToast({ kind: 'success', message: t(many ? 'addedMany' : 'added') });
      onAdded();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(many ? 'addMany' : 'addOne')} data-testid="blacklist-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="blacklist-errors" />
        {many ? (
          <div className="mb-3">
            <label htmlFor="blacklist-mobiles" className="mb-1 block text-sm font-medium">{t('mobiles')}</label>
            <textarea id="blacklist-mobiles" data-testid="blacklist-mobiles" rows={8} dir="ltr" value={mobiles} onChange={(e) => setMobiles(e.target.value)}
              className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
            <p className="text-sm">{t('count', { n: digits(list.length) })}</p>
          </div>
        ) : (
          <div className="mb-3 grid gap-3">
            <TextField id="blacklist-mobile" data-testid="blacklist-mobile" label={t('mobile')} value={mobile} dir="ltr" inputMode="tel" maxLength={40} required
              error={errors.mobile} onChange={(e) => setMobile(e.target.value)} />
            <TextField id="blacklist-description" data-testid="blacklist-description" label={t('description')} value={description} maxLength={500}
              error={errors.description} onChange={(e) => setDescription(e.target.value)} />
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="blacklist-save">{t('add')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function BlacklistPage() {
  const { api } = useApp();
  const { t } = useTranslation('blacklist');
  const digits = useDigits();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [adding, setAdding] = useState<'one' | 'many' | null>(null);
  const [deleting, setDeleting] = useState<BlacklistEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(blacklistKeys.list(pageIndex, pageSize), () => blacklistApi.list(api, { pageIndex, pageSize }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await blacklistApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<BlacklistEntry>[]>(() => [
    { key: 'mobile', header: t('columns.mobile'), hideable: false, cell: (b) => <span dir="ltr" data-testid="blacklist-row-mobile">{digits(b.mobile)}</span> },
    { key: 'description', header: t('columns.description'), cell: (b) => b.description ?? '—' },
    { key: 'scope', header: t('columns.scope'), cell: (b) => t(b.organizationId == null ? 'general' : 'own') },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (b) => <DateDisplay value={b.createdAt} /> },
    {
      key: 'actions', header: t('columns.actions'), hideable: false,
      cell: (b) => <Button size="sm" variant="danger" onClick={() => setDeleting(b)} data-testid="blacklist-delete">{t('delete')}</Button>,
    },
  ], [t, digits]);

  return (
    <section data-testid="blacklist-page">
      <PageHeader title={t('title')} actions={(
        <div className="flex items-center gap-2">
          <Link to="/blacklist/opt-outs" className="text-sm underline" data-testid="blacklist-opt-outs-link">{t('optOutsLink')}</Link>
          <Button onClick={() => setAdding('one')} data-testid="blacklist-add">{t('addOne')}</Button>
          <Button variant="secondary" onClick={() => setAdding('many')} data-testid="blacklist-add-many">{t('addMany')}</Button>
        </div>
      )} />
      <DataTable columns={columns} rows={data?.items} rowKey={(b) => b.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="blacklist-table" />
      {adding && <AddDialog many={adding === 'many'} onClose={() => setAdding(null)} onAdded={() => { setAdding(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('deleteTitle')} message={deleting ? t('deleteMessage', { mobile: deleting.mobile }) : undefined}
        confirmText={t('delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="blacklist-delete-dialog" />
    </section>
  );
}
