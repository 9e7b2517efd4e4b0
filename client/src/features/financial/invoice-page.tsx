import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { EmptyState } from '../../shared/ui/empty-state';
import { Spinner } from '../../shared/ui/spinner';
import { Amount, useMoney } from './money';
import { financialKeys, invoicesApi, type Invoice, type InvoiceKind, type InvoiceParty } from './financial-api';
import './invoice-print.css';
import { UserText } from '../../shared/ui/user-text';

function Party({ title, party, testId }: { title: string; party: InvoiceParty; testId: string }) {
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  return (
    <div className="rounded border border-slate-300 p-3" data-testid={testId}>
      <h2 className="mb-1 font-semibold">{title}</h2>
      <p data-testid={`${testId}-name`}><UserText fallback="—">{party.name}</UserText></p>
      {party.economicCode && <p className="text-sm">{t('invoices.economicCode')}: {digits(party.economicCode)}</p>}
      {party.nationalId && <p className="text-sm">{t('invoices.nationalId')}: {digits(party.nationalId)}</p>}
      {party.address && <p className="text-sm">{t('invoices.address')}: <UserText>{party.address}</UserText></p>}
      {party.phone && <p className="text-sm">{t('invoices.phone')}: {digits(party.phone)}</p>}
      {party.bankAccounts.length > 0 && (
        <div className="mt-2 text-sm" data-testid={`${testId}-bank`}>
          <h3 className="font-medium">{t('invoices.bank')}</h3>
          {party.bankAccounts.map((b, i) => (
            <p key={i} dir="auto">
              {b.owner && <span className="me-2">{t('invoices.owner')}: <UserText>{b.owner}</UserText></span>}
              {b.accountNo && <span className="me-2">{t('invoices.accountNo')}: <bdi>{digits(b.accountNo)}</bdi></span>}
              {b.cardNo && <span className="me-2">{t('invoices.cardNo')}: <bdi>{digits(b.cardNo)}</bdi></span>}
              {b.iban && <span className="me-2">{t('invoices.iban')}: <bdi data-testid="invoice-iban">{b.iban}</bdi></span>}
              {b.branch && <span>{t('invoices.branch')}: <UserText>{b.branch}</UserText></span>}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

type InvoiceFigures = Pick<Invoice, 'lines' | 'price' | 'levy' | 'tax' | 'taxPercent' | 'total'>;

/** Whether a document shows a VAT row: a buyer that is not taxable pays none. */
export const isTaxed = (doc: Pick<Invoice, 'tax' | 'taxPercent'>) => Number(doc.taxPercent) > 0 || Number(doc.tax) > 0;

/** The lines and the totals of an invoice or a pre-invoice (one layout; test ids by `testPrefix`). */
export function InvoiceBody({ doc, testPrefix }: { doc: InvoiceFigures; testPrefix: 'invoice' | 'pre-invoice' }) {
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  const cell = 'border border-slate-300 px-2 py-1';
  const taxed = isTaxed(doc);
  return (
    <>
      <div className="mb-4 overflow-x-auto">
        <table className="w-full border-collapse text-sm" data-testid={`${testPrefix}-lines`}>
          <thead>
            <tr className="bg-slate-100">
              <th className={cell}>{t('invoices.lines.title')}</th>
              <th className={cell}>{t('invoices.lines.quantity')}</th>
              <th className={cell}>{t('invoices.lines.unitPrice')}</th>
              <th className={cell}>{t('invoices.lines.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => (
              <tr key={i}>
                <td className={cell}><UserText>{l.title}</UserText></td>
                <td className={cell}>{digits(l.quantity)}</td>
                <td className={cell}><Amount value={l.unitPrice} /></td>
                <td className={cell}><Amount value={l.amount} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ms-auto grid max-w-md grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt>{t('invoices.price')}</dt><dd><Amount value={doc.price} testId={`${testPrefix}-price`} /></dd>
        <dt>{t('invoices.levy')}</dt><dd><Amount value={doc.levy} testId={`${testPrefix}-levy`} /></dd>
        {taxed && <><dt>{t('invoices.vat', { percent: digits(doc.taxPercent) })}</dt><dd><Amount value={doc.tax} testId={`${testPrefix}-vat`} /></dd></>}
        <dt className="font-semibold">{t('invoices.total')}</dt><dd className="font-semibold"><Amount value={doc.total} testId={`${testPrefix}-total`} /></dd>
      </dl>
    </>
  );
}

/** One invoice, laid out to print on its own (see invoice-print.css). */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('financial');
  const { digits } = useMoney();
  // A buyer that is not taxable pays no VAT: no "VAT (0%) 0" row, a sentence says why instead.
  const taxed = isTaxed(invoice);
  return (
    <article data-print-root data-testid="invoice" className="mx-auto max-w-3xl bg-white p-4 text-slate-900 shadow">
      <header className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('invoices.title')} — {t(`invoices.kinds.${invoice.kind}`)}</h1>
        <div className="text-sm">
          <p>{t('invoices.number')}: <bdi data-testid="invoice-number">{digits(invoice.invoiceNumber)}</bdi></p>
          <p>{t('invoices.date')}: <span data-testid="invoice-date"><DateDisplay value={invoice.issuedAt} /></span></p>
        </div>
      </header>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 print:grid-cols-2">
        <Party title={t('invoices.seller')} party={invoice.seller} testId="invoice-seller" />
        <Party title={t('invoices.buyer')} party={invoice.buyer} testId="invoice-buyer" />
      </div>
      <InvoiceBody doc={invoice} testPrefix="invoice" />
      <p className="mt-3 text-xs text-slate-500" data-testid="invoice-vat-note">{t(taxed ? 'invoices.vatIncluded' : 'invoices.noVat')}</p>
    </article>
  );
}

/**
 * `/financial/invoices/:id`, or `/financial/invoice/:kind/:referenceId` (the invoice of a payment
 * or a purchase, as linked from their lists).
 */
export function InvoicePage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { id, kind, referenceId } = useParams();
  const { data, isLoading } = useSWR(financialKeys.invoice(id, kind, referenceId), async (): Promise<Invoice | null> => {
    if (id) return invoicesApi.get(api, id);
    const page = await invoicesApi.list(api, { kind: kind as InvoiceKind, referenceId: Number(referenceId), pageSize: 1 });
    return page.items[0] ?? null;
  });
  return (
    <section data-testid="invoice-page">
      <div data-print-hidden className="mb-3 flex gap-2">
        <Button data-testid="invoice-print" disabled={!data} onClick={() => window.print()}>{t('invoices.print')}</Button>
        <Link className="self-center text-sky-700 underline" to={kind === 'payment' ? '/financial/payments' : '/financial/packages'}>{t('invoices.back')}</Link>
      </div>
      {isLoading && <Spinner />}
      {!isLoading && !data && <EmptyState title={t('invoices.notFound')} data-testid="invoice-not-found" />}
      {data && <InvoiceView invoice={data} />}
    </section>
  );
}
