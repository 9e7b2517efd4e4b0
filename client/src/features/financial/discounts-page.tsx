import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { OrganizationPicker } from '../admin-common/pickers';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount, useMoney } from './money';
import { discountsApi, financialKeys, type Discount, type DiscountInput } from './financial-api';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const dayIso = (value: string, end: boolean) => {
  const v = toLatinDigits(value.trim());
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T${end ? '23:59:59.000' : '00:00:00.000'}Z`).toISOString() : null;
};

function DiscountForm({ discount, onClose, onSaved }: { discount: Discount | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [d, setD] = useState({
    code: discount?.code ?? '', title: discount?.title ?? '', percent: discount?.discountPercentageValue == null ? '' : String(discount.discountPercentageValue),
    value: discount?.discountValue ?? '', maximumAmount: discount?.maximumAmount ?? '', maximumUse: discount?.maximumUse == null ? '' : String(discount.maximumUse),
    startsAt: day(discount?.startsAt ?? null), endsAt: day(discount?.endsAt ?? null),
  });
  const [specialOrganizationId, setSpecialOrganizationId] = useState<number | null>(discount?.specialOrganizationId ?? null);
  const [isPercentage, setIsPercentage] = useState(discount?.isPercentage ?? true);
  const [isActive, setIsActive] = useState(discount?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof d) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: DiscountInput = {
      code: d.code.trim(), title: d.title.trim() || null, isPercentage, isActive,
      discountPercentageValue: isPercentage ? (d.percent || null) : null, discountValue: isPercentage ? null : (d.value || null),
      maximumAmount: d.maximumAmount || null, maximumUse: d.maximumUse ? Number(d.maximumUse) : null,
      specialOrganizationId,
      startsAt: dayIso(d.startsAt, false), endsAt: dayIso(d.endsAt, true),
    };
    try {
      if (discount) await discountsApi.update(api, { id: discount.id, ...body }, { quiet: true });
      else await discountsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('discounts.saved') });
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err, {
        code: t('discounts.code'), title: t('discounts.name'), discountPercentageValue: t('discounts.percent'), discountValue: t('discounts.value'),
        maximumAmount: t('discounts.maximumAmount'), maximumUse: t('discounts.maximumUse'), specialOrganizationId: t('discounts.specialOrganizationId'),
        startsAt: t('discounts.startsAt'), endsAt: t('discounts.endsAt'),
      }));
    } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={discount ? t('actions.edit') : t('discounts.create')} data-testid="discount-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="discount-form">
        <ErrorSummary errors={errors} testId="discount-errors" />
        <TextField id="discount-code" data-testid="discount-code" dir="ltr" label={t('discounts.code')} value={d.code} onChange={(e) => set('code')(e.target.value)} required maxLength={50} error={errors.code} />
        <TextField id="discount-title" label={t('discounts.name')} value={d.title} onChange={(e) => set('title')(e.target.value)} maxLength={200} />
        <CheckboxField id="discount-isPercentage" data-testid="discount-isPercentage" label={t('discounts.isPercentage')} checked={isPercentage} onCheckedChange={setIsPercentage} />
        {isPercentage
          ? <NumericInput id="discount-percent" data-testid="discount-percent" allowDecimal label={t('discounts.percent')} value={d.percent} onValueChange={set('percent')} error={errors.discountPercentageValue} />
          : <NumericInput id="discount-value" data-testid="discount-value" label={t('discounts.value')} value={d.value} onValueChange={set('value')} error={errors.discountValue} />}
        <NumericInput id="discount-maximumAmount" label={t('discounts.maximumAmount')} value={d.maximumAmount} onValueChange={set('maximumAmount')} error={errors.maximumAmount} />
        <NumericInput id="discount-maximumUse" label={t('discounts.maximumUse')} value={d.maximumUse} onValueChange={set('maximumUse')} error={errors.maximumUse} />
        <OrganizationPicker id="discount-specialOrganizationId" data-testid="discount-specialOrganizationId" label={t('discounts.specialOrganizationId')}
          placeholder={t('discounts.anyOrganization')} value={specialOrganizationId} error={errors.specialOrganizationId} onChange={(id) => setSpecialOrganizationId(id)} />
        <div className="grid grid-cols-2 gap-2">
          <TextField id="discount-startsAt" dir="ltr" placeholder="YYYY-MM-DD" label={t('discounts.startsAt')} value={d.startsAt} onChange={(e) => set('startsAt')(e.target.value)} error={errors.startsAt} />
          <TextField id="discount-endsAt" dir="ltr" placeholder="YYYY-MM-DD" label={t('discounts.endsAt')} value={d.endsAt} onChange={(e) => set('endsAt')(e.target.value)} error={errors.endsAt} />
        </div>
        <CheckboxField id="discount-isActive" label={t('discounts.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="discount-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function DiscountsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Discount | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);
  const { data, isLoading, mutate } = useSWR(financialKeys.discounts(pageIndex, pageSize), () => discountsApi.list(api, { pageIndex, pageSize }));
  const remove = async () => {
    if (!deleting) return;
    try { await discountsApi.delete(api, deleting.id); setDeleting(null); await mutate(); } catch { /* shown by the catalogue */ }
  };
  const columns = useMemo<DataTableColumn<Discount>[]>(() => [
    { key: 'code', header: t('discounts.columns.code'), cell: (r) => <span dir="ltr">{r.code}</span> },
    { key: 'title', header: t('discounts.columns.title'), cell: (r) => r.title ?? '—' },
    { key: 'value', header: t('discounts.columns.value'), cell: (r) => (r.isPercentage ? t('discounts.percentValue', { value: digits(String(r.discountPercentageValue ?? '')) }) : <Amount value={r.discountValue} />) },
    { key: 'used', header: t('discounts.columns.used'), cell: (r) => `${digits(r.usedCount)}${r.maximumUse != null ? ` / ${digits(r.maximumUse)}` : ''}` },
    { key: 'active', header: t('discounts.columns.active'), cell: (r) => t(r.isActive ? 'packages.active' : 'packages.inactive') },
    {
      key: 'actions', header: t('discounts.columns.actions'), cell: (r) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" data-testid="discount-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>
          <Button size="sm" variant="danger" data-testid="discount-delete" onClick={() => setDeleting(r)}>{t('actions.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);
  return (
    <section data-testid="discounts-page">
      <PageHeader title={t('discounts.title')} actions={<Button data-testid="discount-create" onClick={() => setEditing('new')}>{t('discounts.create')}</Button>} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('discounts.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="discounts-table" />
      {editing && <DiscountForm discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} danger title={t('discounts.deleteTitle')} message={deleting ? t('discounts.deleteMessage', { code: deleting.code }) : ''}
        data-testid="discount-delete-dialog" onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
