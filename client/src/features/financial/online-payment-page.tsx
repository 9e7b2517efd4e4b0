import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { AmountField } from './amount-field';
import { Amount } from './money';
import { PreInvoiceButton } from './pre-invoice-action';
import { creditsApi, financialKeys, paymentsApi } from './financial-api';

/** What a payer sees of each outcome of the gateway's return (`Payments/OnlineCallback`'s `data-status`). */
const OUTCOMES = ['confirmed', 'alreadyConfirmed', 'failed', 'refused', 'pending'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * `financial/online-payment`: the caller's organization tops up its credit through a gateway
 * offered from above (`GetDescriptorOnlineGateway`). `CreateOnline` answers where the payer goes;
 * the browser leaves the panel for the gateway, which sends it back to the server's callback and
 * from there to the return page below. Nothing is credited before the verified callback.
 */
export function OnlinePaymentPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { data: gateways, isLoading } = useSWR(financialKeys.onlineGateways(), () => paymentsApi.onlineGateways(api));
  const { data: credit } = useSWR(financialKeys.myCredit(), () => creditsApi.myCredit(api));
  const [gatewayId, setGatewayId] = useState<number | null>(null);
  // A pre-invoice of a charge links here with its amount.
  const [params] = useSearchParams();
  const [amount, setAmount] = useState(() => (/^\d{1,16}$/.test(params.get('amount') ?? '') ? (params.get('amount') as string) : ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const chosen = gatewayId ?? gateways?.[0]?.id ?? null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: FieldErrors = {};
    if (!/^\d+$/.test(amount) || BigInt(amount) <= 0n) local.amount = t('online.amountRequired');
    if (!chosen) local.gatewayId = t('online.gatewayRequired');
    setErrors(local);
    if (Object.keys(local).length || !chosen) return;
    setBusy(true);
    try {
      const started = await paymentsApi.createOnline(api, { amount, gatewayId: chosen }, { quiet: true });
      // The gateway is another site (or, for the Sandbox, a page of the server): a full navigation.
      window.location.assign(started.redirectUrl);
    } catch (err) {
      setErrors(errorsOf(err, { amount: t('online.amount'), gatewayId: t('online.gateway') }));
      setBusy(false);
    }
  };
  return (
    <section data-testid="online-payment-page">
      <PageHeader title={t('online.title')} />
      {credit && <p className="mb-4" data-testid="online-credit">{t('online.currentCredit')}: <Amount value={credit.organization.balance} testId="online-credit-balance" /></p>}
      {isLoading && <Spinner />}
      {gateways && gateways.length === 0 && <EmptyState title={t('online.noGateway')} description={t('online.noGatewayHint')} data-testid="online-no-gateway" />}
      {gateways && gateways.length > 0 && (
        <form noValidate onSubmit={(e) => void submit(e)} className="grid max-w-lg gap-4" data-testid="online-form">
          <ErrorSummary errors={errors} testId="online-errors" />
          <fieldset>
            <legend className="mb-1 font-medium">{t('online.gateway')}</legend>
            {gateways.map((g) => (
              <label key={g.id} className="flex items-center gap-2 py-1" data-testid={`online-gateway-${g.id}`}>
                <input type="radio" name="online-gateway" value={g.id} checked={chosen === g.id} onChange={() => setGatewayId(g.id)} />
                <UserText>{g.title}</UserText>
                <span className="text-xs text-slate-500">({t(`gateways.types.${g.type}`, { defaultValue: g.type })})</span>
                {g.isSandbox && <span className="rounded bg-amber-100 px-1 text-xs text-amber-800">{t('online.sandboxNote')}</span>}
              </label>
            ))}
            {errors.gatewayId && <p className="text-sm text-red-700" data-testid="online-gateway-error">{errors.gatewayId}</p>}
          </fieldset>
          <AmountField id="online-amount" data-testid="online-amount" label={t('online.amount')} value={amount} onValueChange={setAmount} required error={errors.amount} />
          <p className="text-sm text-slate-500">{t('online.leaveNote')}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy} data-testid="online-pay">{t('online.pay')}</Button>
            <PreInvoiceButton kind="charge" amount={amount} disabled={!/^\d+$/.test(amount) || BigInt(amount) <= 0n} data-testid="online-pre-invoice" />
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * `financial/online-payment/result?status&paymentId`: where the callback's page sends the payer
 * back. The status is only what the server's page said; the credit shown is fetched again, so a
 * hand-edited address shows nothing that is not so.
 */
export function OnlinePaymentResultPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [params] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status: Outcome | null = (OUTCOMES as readonly string[]).includes(raw) ? (raw as Outcome) : null;
  const paymentId = Number(params.get('paymentId')) || null;
  const { data: credit } = useSWR(financialKeys.myCredit(), () => creditsApi.myCredit(api), { revalidateOnMount: true });
  const good = status === 'confirmed' || status === 'alreadyConfirmed';
  return (
    <section data-testid="online-result-page">
      <PageHeader title={t('online.resultTitle')} />
      <div role="status" data-testid="online-result" data-status={status ?? 'unknown'}
        className={`mb-4 rounded p-3 ${good ? 'bg-green-50 text-green-800' : 'bg-amber-50 text-amber-900'}`}>
        <p>{t(`online.outcomes.${status ?? 'unknown'}`)}</p>
        {paymentId && <p className="text-sm">{t('online.paymentNumber', { id: paymentId })}</p>}
      </div>
      {credit && <p className="mb-4">{t('online.currentCredit')}: <Amount value={credit.organization.balance} testId="online-result-balance" /></p>}
      <div className="flex gap-3">
        {good && paymentId && <Link className="text-sky-700 underline" data-testid="online-result-invoice" to={`/financial/invoice/payment/${paymentId}`}>{t('plans.invoice')}</Link>}
        <Link className="text-sky-700 underline" to="/financial/payments">{t('online.toPayments')}</Link>
        <Link className="text-sky-700 underline" data-testid="online-result-again" to="/financial/online-payment">{t('online.again')}</Link>
      </div>
    </section>
  );
}
