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
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, SearchBox, errorsOf, type FieldErrors } from '../admin-common/kit';
import { LinePicker, OrganizationPicker } from '../admin-common/pickers';
import { aggregatorRulesApi, aggregatorRulesKey, SMS_AGGREGATORS, type AggregatorRule } from './lines-api';

/** Create or edit one rule: the shared line, where matching texts go, the pattern and the operator. */
function RuleDialog({ editing, onClose, onSaved }: { editing: AggregatorRule | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const [privateNumberId, setLine] = useState<number | null>(editing?.privateNumberId ?? null);
  const [organizationId, setOrganization] = useState<number | null>(editing?.organizationId ?? null);
  const [regex, setRegex] = useState(editing?.regex ?? '');
  const [smsAggregator, setAggregator] = useState<string>(editing?.smsAggregator ?? '');
  const [isActive, setActive] = useState(editing?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: FieldErrors = {};
    if (!privateNumberId) missing.privateNumberId = t('aggregators.required');
    if (!organizationId) missing.organizationId = t('aggregators.required');
    if (!regex.trim()) missing.regex = t('aggregators.required');
    if (Object.keys(missing).length > 0) { setErrors(missing); return; }
    setBusy(true);
    try {
      const body = { privateNumberId: privateNumberId as number, organizationId: organizationId as number, regex: regex.trim(), smsAggregator: smsAggregator || null, isActive };
      if (editing) await aggregatorRulesApi.update(api, { id: editing.id, ...body }, { quiet: true });
      else await aggregatorRulesApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('aggregators.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  return (
    <ModalDialog open onClose={onClose} title={t(editing ? 'aggregators.edit' : 'aggregators.create')} data-testid="aggregator-dialog">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <ErrorSummary errors={errors} testId="aggregator-errors" />
        <div className="mb-3 grid gap-3">
          <LinePicker id="aggregator-line" data-testid="aggregator-line" label={t('aggregators.line')} required value={privateNumberId} error={errors.privateNumberId} onChange={(id) => setLine(id)} />
          <OrganizationPicker id="aggregator-organization" data-testid="aggregator-organization" label={t('aggregators.organization')} hint={t('aggregators.organizationHint')} required value={organizationId} error={errors.organizationId} onChange={(id) => setOrganization(id)} />
          <TextField id="aggregator-regex" data-testid="aggregator-regex" label={t('aggregators.regex')} hint={t('aggregators.regexHint')} value={regex} dir="ltr" maxLength={200} required error={errors.regex} onChange={(e) => setRegex(e.target.value)} />
          <FieldFrame id="aggregator-sms-aggregator" label={t('aggregators.smsAggregator')} hint={t('aggregators.smsAggregatorHint')} errorText={errors.smsAggregator ? String(errors.smsAggregator) : null}>
            <select id="aggregator-sms-aggregator" data-testid="aggregator-sms-aggregator" value={smsAggregator} className={inputClass(!!errors.smsAggregator)} onChange={(e) => setAggregator(e.target.value)}>
              <option value="">{t('aggregators.anyAggregator')}</option>
              {SMS_AGGREGATORS.map((a) => <option key={a} value={a}>{t(`aggregators.values.${a}`)}</option>)}
            </select>
          </FieldFrame>
          <CheckboxField id="aggregator-active" data-testid="aggregator-active" label={t('aggregators.isActive')} checked={isActive} onCheckedChange={setActive} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('aggregators.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="aggregator-save">{t('aggregators.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Aggregator rules: which organization gets a shared line's inbound texts, by pattern. */
export function AggregatorRulesPage() {
  const { api } = useApp();
  const { t } = useTranslation('lines');
  const digits = useDigits();
  const [search, setSearch] = useState('');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [dialog, setDialog] = useState<{ editing: AggregatorRule | null } | null>(null);
  const [deleting, setDeleting] = useState<AggregatorRule | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(aggregatorRulesKey(search, pageIndex, pageSize),
    () => aggregatorRulesApi.list(api, { pageIndex, pageSize, search: search || undefined }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await aggregatorRulesApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('aggregators.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };

  const columns = useMemo<DataTableColumn<AggregatorRule>[]>(() => [
    { key: 'line', header: t('aggregators.columns.line'), hideable: false, cell: (r) => <span dir="ltr">{r.receiverNumber ? digits(r.receiverNumber) : '—'}</span> },
    { key: 'regex', header: t('aggregators.columns.regex'), cell: (r) => <code dir="ltr" data-testid="aggregator-row-regex">{r.regex}</code> },
    { key: 'aggregator', header: t('aggregators.columns.smsAggregator'), cell: (r) => (r.smsAggregator ? t(`aggregators.values.${r.smsAggregator}`) : t('aggregators.anyAggregator')) },
    { key: 'organization', header: t('aggregators.columns.organization'), cell: (r) => <UserText data-testid="aggregator-row-organization" fallback="—">{r.organizationName}</UserText> },
    { key: 'active', header: t('aggregators.columns.isActive'), cell: (r) => t(r.isActive ? 'aggregators.active' : 'aggregators.inactive') },
    { key: 'owner', header: t('aggregators.columns.owner'), cell: (r) => <UserText fallback="—">{r.ownerOrganizationName}</UserText> },
    { key: 'updatedAt', header: t('aggregators.columns.updatedAt'), cell: (r) => <DateDisplay value={r.updatedAt} /> },
    {
      key: 'actions', header: t('aggregators.columns.actions'), hideable: false,
      cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ editing: r })} data-testid="aggregator-edit">{t('aggregators.edit')}</Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(r)} data-testid="aggregator-delete">{t('aggregators.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);

  return (
    <section data-testid="aggregator-rules-page">
      <PageHeader title={t('aggregators.title')} actions={<Button onClick={() => setDialog({ editing: null })} data-testid="aggregator-create">{t('aggregators.create')}</Button>} />
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('aggregators.intro')}</p>
      <div className="mb-3">
        <SearchBox value={search} idPrefix="aggregators" onSearch={(term) => { setSearch(term); setPageIndex(0); }} />
      </div>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={search ? t('adminCommon:table.empty') : t('aggregators.empty')}
        caption={t('aggregators.title')} pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="aggregator-rules-table" />
      {dialog && <RuleDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger title={t('aggregators.deleteTitle')} message={deleting ? t('aggregators.deleteMessage', { regex: deleting.regex }) : undefined}
        confirmText={t('aggregators.delete')} onConfirm={() => void remove()} onCancel={() => setDeleting(null)} data-testid="aggregator-delete-dialog" />
    </section>
  );
}
