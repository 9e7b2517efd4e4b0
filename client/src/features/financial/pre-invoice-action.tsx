import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button, type ButtonProps } from '../../shared/ui/button';
import { invoicesApi, preInvoicePath, type PreInvoiceKind } from './financial-api';

/**
 * "Pre-invoice": issues one (`Invoices/CreatePreInvoice`) for a package, a plan or a charge amount
 * and opens it; a refusal (not buyable, a bad amount) is shown by the error catalogue.
 */
export function PreInvoiceButton({ kind, referenceId, amount, disabled, ...rest }: { kind: PreInvoiceKind; referenceId?: number; amount?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const pre = await invoicesApi.createPreInvoice(api, kind === 'charge' ? { kind, amount } : { kind, id: referenceId });
      void navigate(preInvoicePath(pre.id));
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  return <Button variant="secondary" {...rest} disabled={disabled} loading={busy} onClick={() => void create()}>{kind === 'charge' ? t('preInvoices.forAmount') : t('preInvoices.create')}</Button>;
}
