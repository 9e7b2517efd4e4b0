import { useEffect, useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, FormSection, type FieldErrors } from '../admin-common/kit';
import {
  financialKeys, OPERATORS, SMART_OPERATORS, tariffsApi, type Calculation, type Tariff, type TariffInput, type TariffRangeAnswer, type TariffRangeInput,
} from './financial-api';
import { organizationsApi } from '../organizations/organizations-api';
import { Amount } from './money';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { OrganizationPicker, TariffPicker, type PickedOrganization, type PickedTariff } from '../admin-common/pickers';

interface RangeDraft { lineType: string; fromCount: string; toCount: string; prices: Record<string, string>; smart: Record<string, string> }

const emptyRange = (): RangeDraft => ({ lineType: '', fromCount: '0', toCount: '', prices: {}, smart: {} });
const toDraft = (r: TariffRangeAnswer): RangeDraft => ({
  lineType: r.lineType ?? '', fromCount: String(r.fromCount), toCount: r.toCount == null ? '' : String(r.toCount),
  prices: Object.fromEntries(Object.entries(r.prices ?? {}).map(([k, v]) => [k, v ?? ''])),
  smart: Object.fromEntries(Object.entries(r.smartPercent ?? {}).map(([k, v]) => [k, String(v)])),
});
const fromDraft = (r: RangeDraft): TariffRangeInput => ({
  lineType: r.lineType.trim() || undefined,
  fromCount: Number(r.fromCount) || 0,
  toCount: r.toCount === '' ? null : Number(r.toCount),
  prices: Object.fromEntries(OPERATORS.map((op) => [op, r.prices[op] ? r.prices[op] : null])),
  smartPercent: Object.fromEntries(SMART_OPERATORS.filter((op) => r.smart[op]).map((op) => [op, Number(r.smart[op])])),
});

function TariffForm({ tariff, onClose, onSaved }: { tariff: Tariff | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const digits = useDigits();
  const [title, setTitle] = useState(tariff?.title ?? '');
  const [category, setCategory] = useState(tariff?.category ?? '');
  const [benefitType, setBenefitType] = useState<string>(tariff?.internationalBenefitType ?? '');
  const [benefitValue, setBenefitValue] = useState(tariff?.internationalBenefitValue ?? '');
  const [ranges, setRanges] = useState<RangeDraft[]>(tariff ? tariff.ranges.map(toDraft) : [emptyRange()]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const benefitItems = useMemo(() => [{ id: 'percent', title: t('tariffs.percent') }, { id: 'fixed', title: t('tariffs.fixed') }], [t]);
  const setRange = (i: number, change: (r: RangeDraft) => RangeDraft) => setRanges((rs) => rs.map((r, j) => (j === i ? change(r) : r)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: TariffInput = {
      title: title.trim(), category: category.trim() || null,
      internationalBenefitType: benefitType || null, internationalBenefitValue: benefitType && benefitValue ? benefitValue : undefined,
      ranges: ranges.map(fromDraft),
    };
    try {
      if (tariff) await tariffsApi.update(api, { id: tariff.id, ...body }, { quiet: true });
      else await tariffsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('tariffs.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={tariff ? t('actions.edit') : t('tariffs.create')} size="lg" data-testid="tariff-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} data-testid="tariff-form">
        <ErrorSummary errors={errors} testId="tariff-errors" />
        <div className="mb-4 grid gap-x-4 gap-y-3 sm:grid-cols-2">
          <TextField id="tariff-title" data-testid="tariff-title" label={t('tariffs.name')} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} error={errors.title} />
          <TextField id="tariff-category" data-testid="tariff-category" label={t('tariffs.category')} value={category} onChange={(e) => setCategory(e.target.value)} maxLength={200} />
          <Select id="tariff-benefitType" data-testid="tariff-benefitType" label={t('tariffs.benefitType')} placeholder={t('tariffs.none')} items={benefitItems} value={benefitType}
            onChange={(v) => setBenefitType(v === null ? '' : String(v))} />
          <NumericInput id="tariff-benefitValue" data-testid="tariff-benefitValue" label={t('tariffs.benefitValue')} value={benefitValue} onValueChange={setBenefitValue}
            disabled={!benefitType} error={errors.internationalBenefitValue} />
        </div>
        {ranges.map((r, i) => (
          <FormSection key={i} title={t('tariffs.rangeN', { n: digits(i + 1) })} testId={`tariff-range-${i}`}>
            <TextField id={`tariff-range-${i}-lineType`} label={t('tariffs.lineType')} value={r.lineType} maxLength={40} onChange={(e) => setRange(i, (x) => ({ ...x, lineType: e.target.value }))} />
            <div className="grid grid-cols-2 gap-2">
              <NumericInput id={`tariff-range-${i}-from`} data-testid={`tariff-range-${i}-from`} label={t('tariffs.fromCount')} value={r.fromCount} onValueChange={(v) => setRange(i, (x) => ({ ...x, fromCount: v }))} />
              <NumericInput id={`tariff-range-${i}-to`} data-testid={`tariff-range-${i}-to`} label={t('tariffs.toCount')} value={r.toCount} onValueChange={(v) => setRange(i, (x) => ({ ...x, toCount: v }))} />
            </div>
            {OPERATORS.map((op) => (
              <NumericInput key={op} id={`tariff-range-${i}-price-${op}`} data-testid={`tariff-range-${i}-price-${op}`} label={`${t('tariffs.prices')}: ${t(`tariffs.operators.${op}`)}`}
                value={r.prices[op] ?? ''} onValueChange={(v) => setRange(i, (x) => ({ ...x, prices: { ...x.prices, [op]: v } }))} />
            ))}
            {SMART_OPERATORS.map((op) => (
              <NumericInput key={op} id={`tariff-range-${i}-smart-${op}`} allowDecimal label={`${t('tariffs.smartPercent')}: ${t(`tariffs.operators.${op}`)}`}
                value={r.smart[op] ?? ''} onValueChange={(v) => setRange(i, (x) => ({ ...x, smart: { ...x.smart, [op]: v } }))} />
            ))}
            {ranges.length > 1 && <Button variant="ghost" size="sm" onClick={() => setRanges((rs) => rs.filter((_, j) => j !== i))}>{t('tariffs.removeRange')}</Button>}
          </FormSection>
        ))}
        <div className="flex justify-between gap-2">
          <Button variant="secondary" data-testid="tariff-add-range" onClick={() => setRanges((rs) => [...rs, emptyRange()])}>{t('tariffs.addRange')}</Button>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="tariff-save">{t('actions.save')}</Button>
          </div>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Gives an organization, picked by name, a tariff picked by title (or takes its tariff away). */
function AssignTariff({ reloadKey }: { reloadKey: string }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { t: tc } = useTranslation('adminCommon');
  const [organization, setOrganization] = useState<PickedOrganization | null>(null);
  const [params] = useSearchParams();
  const linkedOrganizationId = Number(params.get('organizationId')) || null;
  // A fix link (the send preview's "set a tariff for …") opens this page with the organization picked.
  useEffect(() => {
    if (!linkedOrganizationId) return;
    let live = true;
    organizationsApi.get(api, linkedOrganizationId, { quiet: true })
      .then((o) => { if (live) setOrganization({ ...o, title: o.name, detail: o.organName ?? '' }); }, () => undefined);
    return () => { live = false; };
  }, [api, linkedOrganizationId]);
  const [tariffId, setTariffId] = useState<number | null>(null);
  const [tariff, setTariff] = useState<PickedTariff | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { data: current, mutate } = useSWR(organization ? financialKeys.organizationTariff(organization.id) : null, ([, organizationId]) =>
    tariffsApi.organizationTariff(api, { organizationId }, { quiet: true }));
  // The picker starts at the organization's current tariff, so "assign" reads as "change".
  useEffect(() => { if (current) setTariffId(current.tariff?.id ?? null); }, [current]);
  const labels = { organizationId: t('tariffs.organization'), tariffId: t('tariffs.tariffId') };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!organization) { setErrors({ organizationId: tc('form.required') }); return; }
    setErrors({});
    setBusy(true);
    try {
      await tariffsApi.assign(api, { organizationId: organization.id, tariffId }, { quiet: true });
      const name = isolateText(organization.name);
      const title = tariff?.id === tariffId ? tariff?.title : current?.tariff?.title;
      showToast({ kind: 'success', message: tariffId === null ? t('tariffs.removedFrom', { name }) : t('tariffs.assignedTo', { name, title: isolateText(title ?? '') }) });
      await mutate();
    } catch (err) { setErrors(errorsOf(err, labels)); } finally { setBusy(false); }
  };
  return (
    <section className="mb-6" data-testid="tariff-assign">
      <h2 className="mb-2 text-lg font-semibold">{t('tariffs.assign')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-wrap items-start gap-2">
        <div className="min-w-[16rem]">
          <OrganizationPicker id="tariff-assign-org" data-testid="tariff-assign-org" label={t('tariffs.organization')} required value={organization?.id ?? null}
            error={errors.organizationId} onChange={(_, item) => { setOrganization(item); setErrors({}); }} />
        </div>
        <div className="min-w-[16rem]">
          <TariffPicker id="tariff-assign-tariff" data-testid="tariff-assign-tariff" label={t('tariffs.tariffId')} placeholder={t('tariffs.noTariff')} value={tariffId} reloadKey={reloadKey}
            disabled={!organization} error={errors.tariffId} onChange={(id, item) => { setTariffId(id); setTariff(item); }} />
        </div>
        <Button type="submit" className="mt-6" loading={busy} disabled={!organization} data-testid="tariff-assign-submit">{t('tariffs.assign')}</Button>
      </form>
      {organization && current && (
        <p className="mt-1 text-sm" data-testid="tariff-assign-current">
          {current.tariff ? <>{t('tariffs.current')}: <UserText>{current.tariff.title}</UserText></> : t('tariffs.noCurrent')}
        </p>
      )}
      <ErrorSummary errors={errors} testId="tariff-assign-errors" />
    </section>
  );
}

/** Tariffs/CalculatePrice: price, levy and VAT separately. */
export function PriceCalculator() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  const [parts, setParts] = useState('1');
  const [recipients, setRecipients] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Calculation | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setResult(null);
    try {
      setResult(await tariffsApi.calculatePrice(api, {
        organizationId: organizationId ?? undefined, parts: Number(parts) || 1,
        recipients: Object.fromEntries(OPERATORS.filter((op) => Number(recipients[op]) > 0).map((op) => [op, Number(recipients[op])])),
      }, { quiet: true }));
    } catch (err) { setErrors(errorsOf(err, { organizationId: t('tariffs.organization'), parts: t('tariffs.parts'), recipients: t('tariffs.recipients') })); }
  };
  return (
    <section className="mb-6" data-testid="price-calculator">
      <h2 className="mb-2 text-lg font-semibold">{t('tariffs.calculator')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <OrganizationPicker id="calc-org" data-testid="calc-org" label={t('tariffs.organization')} placeholder={t('tariffs.ownOrganization')} value={organizationId}
          error={errors.organizationId} onChange={(id) => setOrganizationId(id)} />
        <NumericInput id="calc-parts" data-testid="calc-parts" label={t('tariffs.parts')} value={parts} onValueChange={setParts} />
        {OPERATORS.map((op) => (
          <NumericInput key={op} id={`calc-${op}`} data-testid={`calc-${op}`} label={`${t('tariffs.recipients')}: ${t(`tariffs.operators.${op}`)}`} value={recipients[op] ?? ''}
            onValueChange={(v) => setRecipients((r) => ({ ...r, [op]: v }))} />
        ))}
        <div className="flex items-end"><Button type="submit" data-testid="calc-submit">{t('tariffs.calculate')}</Button></div>
      </form>
      <ErrorSummary errors={errors} testId="calc-errors" />
      {result && (
        <dl className="mt-3 grid gap-2 sm:grid-cols-4" data-testid="calc-result">
          <div><dt className="text-sm text-slate-500">{t('tariffs.price')}</dt><dd><Amount value={result.price} testId="calc-price" /></dd></div>
          <div><dt className="text-sm text-slate-500">{t('tariffs.levy')}</dt><dd><Amount value={result.levy} testId="calc-levy" /></dd></div>
          <div><dt className="text-sm text-slate-500">{t('tariffs.vat')}</dt><dd><Amount value={result.tax} testId="calc-vat" /></dd></div>
          <div><dt className="text-sm text-slate-500">{t('tariffs.total')}</dt><dd><Amount value={result.total} testId="calc-total" /></dd></div>
        </dl>
      )}
    </section>
  );
}

export function TariffsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const digits = useDigits();
  const [editing, setEditing] = useState<Tariff | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Tariff | null>(null);
  const { data, isLoading, mutate } = useSWR(financialKeys.tariffs(pageIndex, pageSize), () => tariffsApi.list(api, { pageIndex, pageSize }));
  const remove = async () => {
    if (!deleting) return;
    try { await tariffsApi.delete(api, deleting.id); setDeleting(null); await mutate(); } catch { /* shown by the catalogue */ }
  };
  const columns = useMemo<DataTableColumn<Tariff>[]>(() => [
    { key: 'title', header: t('tariffs.columns.title'), cell: (r) => r.title },
    { key: 'category', header: t('tariffs.columns.category'), cell: (r) => r.category ?? '—' },
    { key: 'ranges', header: t('tariffs.columns.ranges'), cell: (r) => digits(r.ranges?.length ?? 0) },
    {
      key: 'actions', header: t('tariffs.columns.actions'), cell: (r) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" data-testid="tariff-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>
          <Button size="sm" variant="danger" data-testid="tariff-delete" onClick={() => setDeleting(r)}>{t('actions.delete')}</Button>
        </div>
      ),
    },
  ], [t, digits]);
  return (
    <section data-testid="tariffs-page">
      <PageHeader title={t('tariffs.title')} actions={<Button data-testid="tariff-create" onClick={() => setEditing('new')}>{t('tariffs.create')}</Button>} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('tariffs.title')}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="tariffs-table" />
      <div className="mt-6"><AssignTariff reloadKey={(data?.items ?? []).map((r) => `${r.id}:${r.title}`).join(',')} /></div>
      <PriceCalculator />
      {editing && <TariffForm tariff={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} danger title={t('tariffs.deleteTitle')} message={deleting ? t('tariffs.deleteMessage', { title: isolateText(deleting.title) }) : ''}
        data-testid="tariff-delete-dialog" onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
