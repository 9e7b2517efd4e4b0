import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { useMoney } from './money';
import { financialKeys, invoiceByIdPath, invoicesApi, packagesApi, plansApi, type PreInvoice } from './financial-api';
import { InvoiceBody, isTaxed } from './invoice-page';
import './invoice-print.css';

type Loaded = { preInvoice: PreInvoice } | { refused: string; expired: boolean } | null;

/** One pre-invoice laid out like the invoice, printable the same way (`data-print-root`). */
function PreInvoiceView({ pre }: { pre: PreInvoice }) {
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  const taxed = isTaxed(pre);
  return (
    <article data-print-root data-testid="pre-invoice" className="mx-auto max-w-3xl bg-white p-4 text-slate-900 shadow">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('preInvoices.title')} — {t(`preInvoices.kinds.${pre.kind}`)}</h1>
        <div className="text-sm">
          <p>{t('preInvoices.number')}: <bdi data-testid="pre-invoice-number">{digits(pre.id)}</bdi></p>
          <p>{t('preInvoices.createdAt')}: <DateDisplay value={pre.createdAt} /></p>
          <p className="font-medium">{t('preInvoices.validUntil')}: <span data-testid="pre-invoice-valid-until"><DateDisplay value={pre.expiresAt} /></span></p>
        </div>
      </header>
      <p className="mb-3">{t('preInvoices.buyer')}: <span data-testid="pre-invoice-buyer"><UserText fallback="—">{pre.organizationName}</UserText></span></p>
      <InvoiceBody doc={pre} testPrefix="pre-invoice" />
      <p className="mt-3 text-xs text-slate-600" data-testid="pre-invoice-note">{t(taxed ? 'preInvoices.vatOnTop' : 'invoices.noVat')}</p>
    </article>
  );
}

/**
 * `/financial/pre-invoices/:id`: a quote issued from the packages list, the plan page or the
 * online payment page; printable like the invoice. Past its day the server refuses it and its
 * message is shown. Proceeding buys the package or plan from credit, or goes to pay the amount
 * online; the purchase does not consume the pre-invoice (billing CONTEXT, "Pre-invoices").
 */
export function PreInvoicePage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { rial } = useMoney();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { id } = useParams();
  const { data: user } = useCurrentUser();
  const canPay = hasClaim(user, 'Financial.Payments');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [requestId] = useState(() => `pre-${id}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const { data, isLoading } = useSWR(financialKeys.preInvoice(id), async (): Promise<Loaded> => {
    try {
      return { preInvoice: await invoicesApi.getPreInvoice(api, Number(id) || 0, { quiet: true }) };
    } catch (err) {
      // Expired (400 on `id`) or not found: the server's own sentence, not a dialog.
      if (err instanceof ApiError && (err.status === 400 || err.status === 404)) return { refused: err.validationErrors[0]?.message || err.message || t('preInvoices.notFound'), expired: err.status === 400 };
      throw err;
    }
  });
  const pre = data && 'preInvoice' in data ? data.preInvoice : null;
  const unitPrice = pre?.lines[0]?.unitPrice ?? '0';
  const buy = async () => {
    if (!pre || pre.referenceId === null) return;
    setBusy(true);
    try {
      const answer = pre.kind === 'package'
        ? await packagesApi.buy(api, { packageId: pre.referenceId, requestId })
        : await plansApi.buy(api, { planId: pre.referenceId, requestId });
      showToast({ kind: 'success', message: t('preInvoices.bought') });
      setAsking(false);
      void mutate(financialKeys.myCredit());
      if (answer?.invoiceId) void navigate(invoiceByIdPath(answer.invoiceId));
    } catch { /* the error catalogue told the user (e.g. not enough credit) */ } finally { setBusy(false); }
  };
  return (
    <section data-testid="pre-invoice-page">
      <div data-print-hidden className="mb-3 flex flex-wrap gap-2">
        <Button data-testid="pre-invoice-print" disabled={!pre} onClick={() => window.print()}>{t('invoices.print')}</Button>
        {pre && canPay && pre.kind !== 'charge' && (
          <Button variant="secondary" data-testid="pre-invoice-proceed" onClick={() => setAsking(true)}>{t(pre.kind === 'package' ? 'preInvoices.proceedPackage' : 'preInvoices.proceedPlan')}</Button>
        )}
        {pre && canPay && pre.kind === 'charge' && (
          <Link className="self-center text-sky-700 underline" data-testid="pre-invoice-proceed" to={`/financial/online-payment?amount=${pre.price}`}>{t('preInvoices.proceedCharge')}</Link>
        )}
        <Link className="self-center text-sky-700 underline" to="/financial/packages">{t('invoices.back')}</Link>
      </div>
      {isLoading && <Spinner />}
      {data && 'refused' in data && (
        <EmptyState title={t(data.expired ? 'preInvoices.expired' : 'preInvoices.notFound')} description={data.refused} data-testid="pre-invoice-refused"
          action={<Link className="text-sky-700 underline" to="/financial/packages">{t('preInvoices.again')}</Link>} />
      )}
      {pre && (
        <>
          <PreInvoiceView pre={pre} />
          {pre.kind !== 'charge' && <p data-print-hidden className="mx-auto mt-3 max-w-3xl text-sm text-slate-700 dark:text-slate-200">{t('preInvoices.quoteOnly')}</p>}
        </>
      )}
      <ConfirmDialog open={asking} busy={busy} data-testid="pre-invoice-buy-confirm" title={t('preInvoices.confirmTitle')} confirmText={t(pre?.kind === 'plan' ? 'preInvoices.proceedPlan' : 'preInvoices.proceedPackage')}
        message={pre ? t('preInvoices.confirmMessage', { title: t(`preInvoices.kinds.${pre.kind}`), amount: rial(unitPrice) }) : ''}
        onConfirm={() => void buy()} onCancel={() => setAsking(false)} />
    </section>
  );
}
