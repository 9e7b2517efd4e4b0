import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDigits } from '../../shared/ui/use-digits';
import { UserText } from '../../shared/ui/user-text';
import { outboxDetailPath } from '../sending/sending-api';

/** The spec's TypeCreditChanges, in the order of the spec. */
export const CREDIT_CHANGES = ['Manage', 'BuyPanel', 'ExtendedPanel', 'Fish', 'OnlinePayment', 'PriceNumber', 'ActivationService',
  'GiveBackCostOfUnsuccessSent', 'ActivationGeneralPhoneBook', 'SendSms', 'DeleteUser', 'TransferPrivateNumber'] as const;

/** The reference types billing writes (CONTEXT.md): each has a readable label in fa/en. */
export const REFERENCE_TYPES = ['send', 'payment', 'charge', 'user', 'package', 'package-expiry', 'plan'] as const;

export interface TransactionReference {
  referenceType: string | null;
  referenceId: string | null;
  outboxId?: number | null;
  packageTitle?: string | null;
}

/**
 * An internal reference as the operator reads it: "Send #1024" linking to the outbox item, "Payment
 * #12", "Manual charge". Internal keys (a charge's UUID, `send:1024`) never reach the screen.
 */
export function ReferenceLabel({ entry }: { entry: TransactionReference }) {
  const { t } = useTranslation('financial');
  const digits = useDigits();
  const type = entry.referenceType;
  if (!type) return <>—</>;
  if (type === 'send' && entry.outboxId) {
    return <Link className="text-sky-700 underline" to={outboxDetailPath(entry.outboxId)} data-testid="tx-reference-send">{t('transactions.references.send', { id: digits(String(entry.outboxId)) })}</Link>;
  }
  if (type === 'package' || type === 'package-expiry') {
    return <span data-testid="tx-reference">{t(`transactions.references.${type}`)}{entry.packageTitle ? <>: <UserText>{entry.packageTitle}</UserText></> : null}</span>;
  }
  if (type === 'payment' || type === 'plan') {
    return <span data-testid="tx-reference">{t(`transactions.references.${type}`, { id: digits(String(entry.referenceId ?? '')) })}</span>;
  }
  if (type === 'charge' || type === 'user' || type === 'send') return <span data-testid="tx-reference">{t(`transactions.references.${type}Plain`)}</span>;
  return <span data-testid="tx-reference">{t('transactions.references.other')}</span>;
}
