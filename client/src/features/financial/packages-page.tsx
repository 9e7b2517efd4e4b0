import { useMemo, useState, type FormEvent } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DateDisplay } from '../../shared/dates/date-display';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ApiError } from '../../shared/api/api-client';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { discountsApi, financialKeys, invoiceByIdPath, invoicePath, packagesApi, type DiscountCheck, type Package, type PackageInput, type Purchase } from './financial-api';
import { Amount, useMoney } from './money';
import { isolateText } from '../../shared/ui/bidi';
import { PreInvoiceButton } from './pre-invoice-action';

function PackageForm({ pkg, onClose, onSaved }: { pkg: Package | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [title, setTitle] = useState(pkg?.title ?? '');
  const [expirationType, setExpirationType] = useState<number>(pkg?.expirationType ?? 3);
  const [expiration, setExpiration] = useState(pkg ? String(pkg.expiration) : '1');
  const [depositPrice, setDepositPrice] = useState(pkg?.depositPrice ?? '');
  const [chargeAmount, setChargeAmount] = useState(pkg?.chargeAmount ?? '');
  const [isActive, setIsActive] = useState(pkg?.isActive ?? true);
  const [description, setDescription] = useState(pkg?.description ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const unitItems = useMemo(() => [0, 1, 2, 3].map((id) => ({ id, title: t(`packages.units.${id}`) })), [t]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: PackageInput = { title: title.trim(), expirationType, expiration: Number(expiration) || undefined, depositPrice, chargeAmount, isActive, description: description.trim() || null };
    try {
      if (pkg) await packagesApi.update(api, { id: pkg.id, ...body }, { quiet: true });
      else await packagesApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('packages.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={pkg ? t('actions.edit') : t('packages.create')} data-testid="package-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="package-form">
        <ErrorSummary errors={errors} testId="package-errors" />
        <TextField id="package-title" data-testid="package-title" label={t('packages.name')} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} error={errors.title} />
        <div className="grid grid-cols-2 gap-2">
          <NumericInput id="package-expiration" data-testid="package-expiration" label={t('packages.expiration')} value={expiration} onValueChange={setExpiration} required error={errors.expiration} />
          <Select id="package-expirationType" data-testid="package-expirationType" label={t('packages.expirationType')} items={unitItems} value={expirationType} clearable={false} required
            onChange={(v) => setExpirationType(v === null ? 3 : Number(v))} />
        </div>
        <NumericInput id="package-depositPrice" data-testid="package-depositPrice" label={t('packages.depositPrice')} value={depositPrice} onValueChange={setDepositPrice} required error={errors.depositPrice} />
        <NumericInput id="package-chargeAmount" data-testid="package-chargeAmount" label={t('packages.chargeAmount')} value={chargeAmount} onValueChange={setChargeAmount} required error={errors.chargeAmount} />
        <TextField id="package-description" label={t('packages.description')} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        <CheckboxField id="package-isActive" data-testid="package-isActive" label={t('packages.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="package-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Buys a package; a discount code is checked first (Discounts/Check) and its message shown. */
function BuyDialog({ pkg, onClose }: { pkg: Package; onClose(): void }) {
  const { api } = useApp();
  const navigate = useNavigate();
  const { t } = useTranslation('financial');
  const { mutate } = useSWRConfig();
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<{ code: string; result: DiscountCheck; message: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(() => `buy-${pkg.id}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const check = async () => {
    setErrors({});
    setChecked(null);
    try {
      const result = await discountsApi.check(api, { code: code.trim(), amount: pkg.depositPrice }, { quiet: true });
      setChecked({ code: code.trim(), result, message: t('packages.applied') });
    } catch (err) {
      const e = errorsOf(err);
      setErrors(e.code ? { discountCode: e.code } : e);
    }
  };
  const buy = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (trimmed && checked?.code !== trimmed) { await check(); return; }
    setBusy(true);
    setErrors({});
    try {
      const answer = await packagesApi.buy(api, { packageId: pkg.id, discountCode: trimmed || undefined, requestId }, { quiet: true });
      showToast({ kind: 'success', message: t('packages.bought') });
      void mutate(financialKeys.myCredit());
      void mutate(financialKeys.isPurchasesKey);
      onClose();
      // The buyer sees the invoice of what was just paid for (also reachable from "My purchases").
      if (answer?.invoiceId) void navigate(invoiceByIdPath(answer.invoiceId));
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={t('packages.buyTitle', { title: isolateText(pkg.title) })} data-testid="package-buy-dialog">
      <form noValidate onSubmit={(e) => void buy(e)} className="grid gap-3">
        <ErrorSummary errors={errors} testId="package-buy-errors" />
        <p>{t('packages.columns.depositPrice')}: <Amount value={pkg.depositPrice} /></p>
        <div className="flex items-end gap-2">
          <TextField id="package-buy-code" data-testid="package-buy-code" dir="ltr" label={t('packages.discountCode')} value={code} maxLength={50} error={errors.discountCode}
            onChange={(e) => { setCode(e.target.value); setChecked(null); }} />
          <Button variant="secondary" data-testid="package-buy-check" disabled={!code.trim()} onClick={() => void check()}>{t('packages.check')}</Button>
        </div>
        {checked && (
          <p role="status" data-testid="package-buy-discount">
            <span className="block text-green-700">{checked.message}</span>
            {t('packages.discount')}: <Amount value={checked.result.discountAmount} /> — {t('packages.payable')}: <Amount value={checked.result.payable} />
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="package-buy-submit">{t('packages.buy')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function PackagesPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  const { data: user } = useCurrentUser();
  const canManage = hasClaim(user, 'Financial.Tariffs');
  const canBuy = hasClaim(user, 'Financial.Payments');
  // Until the user chooses, a manager sees their own packages and everyone else what they may buy:
  // decided once the user is known (a reload used to land managers on the purchase view).
  const [chosenView, setForPurchase] = useState<boolean | null>(null);
  const forPurchase = chosenView ?? !canManage;
  const [showPurchases, setShowPurchases] = useState(false);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Package | null | 'new'>(null);
  const [buying, setBuying] = useState<Package | null>(null);
  const { data, isLoading, mutate } = useSWR(user ? financialKeys.packages(forPurchase, pageIndex, pageSize) : null, () =>
    packagesApi.list(api, { pageIndex, pageSize, forPurchase: forPurchase || undefined }));
  const columns = useMemo<DataTableColumn<Package>[]>(() => [
    { key: 'title', header: t('packages.columns.title'), cell: (r) => r.title },
    { key: 'depositPrice', header: t('packages.columns.depositPrice'), cell: (r) => <Amount value={r.depositPrice} /> },
    { key: 'chargeAmount', header: t('packages.columns.chargeAmount'), cell: (r) => <Amount value={r.chargeAmount} /> },
    { key: 'expiration', header: t('packages.columns.expiration'), cell: (r) => `${digits(r.expiration)} ${t(`packages.units.${r.expirationType}`)}` },
    { key: 'active', header: t('packages.columns.active'), cell: (r) => t(r.isActive ? 'packages.active' : 'packages.inactive') },
    {
      key: 'actions', header: t('packages.columns.actions'), cell: (r) => (
        <div className="flex gap-1">
          {forPurchase && canBuy && <Button size="sm" data-testid="package-buy" onClick={() => setBuying(r)}>{t('packages.buy')}</Button>}
          {forPurchase && canBuy && <PreInvoiceButton size="sm" kind="package" referenceId={r.id} data-testid="package-pre-invoice" />}
          {!forPurchase && canManage && <Button size="sm" variant="secondary" data-testid="package-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>}
        </div>
      ),
    },
  ], [t, digits, forPurchase, canBuy, canManage]);
  const { data: purchases, isLoading: purchasesLoading } = useSWR(showPurchases ? financialKeys.purchases(pageIndex, pageSize) : null, () =>
    packagesApi.purchases(api, { pageIndex, pageSize }));
  const purchaseColumns = useMemo<DataTableColumn<Purchase>[]>(() => [
    { key: 'title', header: t('packages.columns.title'), cell: (r) => r.packageTitle },
    { key: 'paid', header: t('packages.paidAmount'), cell: (r) => <Amount value={r.paidAmount} /> },
    { key: 'discount', header: t('packages.discountAmount'), cell: (r) => <Amount value={r.discountAmount} /> },
    { key: 'charge', header: t('packages.columns.chargeAmount'), cell: (r) => <Amount value={r.chargeAmount} /> },
    { key: 'at', header: t('packages.at'), cell: (r) => <DateDisplay value={r.createdAt} /> },
    { key: 'invoice', header: t('packages.columns.actions'), cell: (r) => <Link className="text-sky-700 underline" data-testid="purchase-invoice" to={invoicePath('package', r.id)}>{t('packages.invoice')}</Link> },
  ], [t]);
  return (
    <section data-testid="packages-page">
      <PageHeader title={t('packages.title')} actions={(
        <>
          {canManage && (
            <div role="group" className="flex gap-1">
              <Button variant={forPurchase ? 'secondary' : 'primary'} aria-pressed={!forPurchase} data-testid="packages-managed" onClick={() => { setForPurchase(false); setPageIndex(0); }}>{t('packages.managed')}</Button>
              <Button variant={forPurchase ? 'primary' : 'secondary'} aria-pressed={forPurchase} data-testid="packages-for-purchase" onClick={() => { setForPurchase(true); setPageIndex(0); }}>{t('packages.forPurchase')}</Button>
            </div>
          )}
          {canManage && !forPurchase && <Button data-testid="package-create" onClick={() => setEditing('new')}>{t('packages.create')}</Button>}
          <Button variant={showPurchases ? 'primary' : 'secondary'} aria-pressed={showPurchases} data-testid="packages-purchases" onClick={() => { setShowPurchases((v) => !v); setPageIndex(0); }}>{t('packages.purchases')}</Button>
        </>
      )} />
      {showPurchases ? (
        <DataTable key="purchases" columns={purchaseColumns} rows={purchases?.items} rowKey={(r) => String(r.id)} loading={purchasesLoading} caption={t('packages.purchases')}
          emptyText={t('packages.emptyPurchases')} emptyDescription={t('packages.emptyPurchasesHint')}
          emptyAction={canBuy ? <Button variant="secondary" data-testid="purchases-empty-packages" onClick={() => { setShowPurchases(false); setForPurchase(true); setPageIndex(0); }}>{t('packages.seePackages')}</Button> : undefined}
          pageIndex={pageIndex} pageSize={pageSize} totalCount={purchases?.totalCount ?? 0} onPageChange={setPageIndex}
          onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="purchases-table" />
      ) : <DataTable key="packages" columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading || !user} caption={t('packages.title')}
        emptyText={t(forPurchase ? 'packages.emptyForPurchase' : 'packages.empty')} emptyDescription={t(forPurchase ? 'packages.emptyForPurchaseHint' : 'packages.emptyHint')}
        emptyAction={!forPurchase && canManage ? <Button data-testid="packages-empty-create" onClick={() => setEditing('new')}>{t('packages.create')}</Button> : undefined}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="packages-table" />}
      {editing && <PackageForm pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void mutate(); }} />}
      {buying && <BuyDialog pkg={buying} onClose={() => setBuying(null)} />}
    </section>
  );
}
