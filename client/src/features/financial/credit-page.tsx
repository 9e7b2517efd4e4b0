import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { isolateText } from '../../shared/ui/bidi';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { MY_CREDIT_KEY, type CreditView, type MyCredit } from './financial-api';
import { AmountField } from './amount-field';
import { Amount, useMoney } from './money';
import { UserText } from '../../shared/ui/user-text';

function CreditCard({ credit, testId }: { credit: CreditView; testId: string }) {
  const { t } = useTranslation('financial');
  return (
    <dl data-testid={testId} className="grid gap-3 sm:grid-cols-3">
      <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.balance')}</dt><dd><Amount value={credit.balance} testId={`${testId}-balance`} /></dd></div>
      <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.available')}</dt><dd><Amount value={credit.credit} testId={`${testId}-available`} /></dd></div>
      <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.held')}</dt><dd><Amount value={credit.held} testId={`${testId}-held`} /></dd></div>
      {credit.isPostpaid && <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.limit')}</dt><dd><Amount value={credit.creditLimit} /></dd></div>}
    </dl>
  );
}

/** Sub-organization credit for administrators: look it up, charge or debit it. */
function AdminCredit({ canCharge }: { canCharge: boolean }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [organizationId, setOrganizationId] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const { rial, toman } = useMoney();
  const { data, mutate } = useSWR<CreditView>(shown ? ['org-credit', shown] : null, () =>
    api.get<CreditView>('/Organizations/GetOrganizationCreditForAdmin', { query: { organizationId: shown } }));
  const show = (e: FormEvent) => { e.preventDefault(); const id = Number(organizationId); if (id > 0) setShown(id); };
  // Money moves only after the operator has read amount and organization name in the prompt.
  const ask = (isIncrement: boolean) => { if (shown && data) setConfirming(isIncrement); };
  const charge = async (isIncrement: boolean) => {
    if (!shown || !data) return;
    setBusy(true);
    setErrors({});
    try {
      await api.post('/Credits/ChargeOrganization', { organizationId: shown, amount, isIncrement, description }, { quiet: true });
      showToast({ kind: 'success', message: t(isIncrement ? 'credit.charged' : 'credit.debited', { amount: rial(amount), name: isolateText(data.organizationName) }) });
      setAmount('');
      setDescription('');
      await mutate();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); setConfirming(null); }
  };
  return (
    <section className="mb-6" data-testid="credit-admin">
      <h2 className="mb-2 text-lg font-semibold">{t('credit.admin')}</h2>
      <form noValidate onSubmit={show} className="mb-3 flex flex-wrap items-end gap-2">
        <NumericInput id="credit-admin-org" data-testid="credit-admin-org" label={t('credit.organizationId')} value={organizationId} onValueChange={setOrganizationId} />
        <Button type="submit" variant="secondary" data-testid="credit-admin-show">{t('credit.show')}</Button>
      </form>
      {data && (
        <>
          <p className="mb-2 font-medium" data-testid="credit-admin-name"><UserText>{data.organizationName}</UserText></p>
          <CreditCard credit={data} testId="credit-admin-card" />
          {canCharge && (
            <form noValidate onSubmit={(e) => { e.preventDefault(); ask(true); }} className="mt-3 flex flex-wrap items-end gap-2" data-testid="credit-charge-form">
              <AmountField id="credit-charge-amount" data-testid="credit-charge-amount" label={t('credit.amount')} value={amount} onValueChange={setAmount} required error={errors.amount} />
              <TextField id="credit-charge-description" data-testid="credit-charge-description" label={t('credit.description')} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
              <Button type="submit" loading={busy} data-testid="credit-charge-increase">{t('credit.increase')}</Button>
              <Button variant="danger" loading={busy} data-testid="credit-charge-decrease" onClick={() => ask(false)}>{t('credit.decrease')}</Button>
            </form>
          )}
          <ConfirmDialog open={confirming !== null} busy={busy} danger={confirming === false} data-testid="credit-charge-confirm"
            title={t(confirming === false ? 'credit.confirmDebitTitle' : 'credit.confirmChargeTitle')}
            confirmText={t(confirming === false ? 'credit.decrease' : 'credit.increase')}
            message={t(confirming === false ? 'credit.confirmDebit' : 'credit.confirmCharge', { amount: rial(amount || '0'), toman: toman(amount || '0'), name: isolateText(data.organizationName) })}
            onConfirm={() => void charge(confirming !== false)} onCancel={() => setConfirming(null)} />
          <ErrorSummary errors={errors} testId="credit-charge-errors" />
        </>
      )}
    </section>
  );
}

/** Increase or decrease a user's allowance (a cap inside the organization's credit). */
function UserAllowance() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ increase: boolean; name: string } | null>(null);
  const { rial, toman } = useMoney();
  /** Looks the user's name up for the prompt; an unknown id still reaches the server, which answers its own error. */
  const ask = async (increase: boolean) => {
    const id = Number(userId);
    let name = t('credit.userById', { id: userId });
    if (id > 0) {
      try { name = (await api.get<{ userName: string }>(`/Users/Get/${id}`, { quiet: true })).userName; } catch { /* the id stays the label */ }
    }
    setConfirming({ increase, name });
  };
  const change = async (increase: boolean, name: string) => {
    setBusy(true);
    setErrors({});
    try {
      await api.post(increase ? '/Credits/IncreaseUserCredit' : '/Credits/DecreaseUserCredit', { userId: Number(userId) || undefined, amount, description }, { quiet: true });
      showToast({ kind: 'success', message: t(increase ? 'credit.userIncreased' : 'credit.userDecreased', { amount: rial(amount), name: isolateText(name) }) });
      setAmount('');
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); setConfirming(null); }
  };
  return (
    <section className="mb-6" data-testid="credit-user">
      <h2 className="mb-2 text-lg font-semibold">{t('credit.userCredit')}</h2>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void ask(true); }} className="flex flex-wrap items-end gap-2">
        <NumericInput id="credit-user-id" data-testid="credit-user-id" label={t('credit.userId')} value={userId} onValueChange={setUserId} required error={errors.userId} />
        <AmountField id="credit-user-amount" data-testid="credit-user-amount" label={t('credit.amount')} value={amount} onValueChange={setAmount} required error={errors.amount} />
        <TextField id="credit-user-description" label={t('credit.description')} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
        <Button type="submit" loading={busy} data-testid="credit-user-increase">{t('credit.increaseUser')}</Button>
        <Button variant="secondary" loading={busy} data-testid="credit-user-decrease" onClick={() => void ask(false)}>{t('credit.decreaseUser')}</Button>
      </form>
      <ConfirmDialog open={confirming !== null} busy={busy} danger={confirming?.increase === false} data-testid="credit-user-confirm"
        title={t(confirming?.increase === false ? 'credit.confirmUserDecreaseTitle' : 'credit.confirmUserIncreaseTitle')}
        confirmText={t(confirming?.increase === false ? 'credit.decreaseUser' : 'credit.increaseUser')}
        message={confirming && t(confirming.increase ? 'credit.confirmUserIncrease' : 'credit.confirmUserDecrease', { amount: rial(amount || '0'), toman: toman(amount || '0'), name: isolateText(confirming.name) })}
        onConfirm={() => confirming && void change(confirming.increase, confirming.name)} onCancel={() => setConfirming(null)} />
      <ErrorSummary errors={errors} testId="credit-user-errors" />
    </section>
  );
}

export function CreditPage() {
  const { t } = useTranslation('financial');
  const { data: user } = useCurrentUser();
  const { data } = useSWR<MyCredit>(MY_CREDIT_KEY);
  const admin = !!user?.isAdmin && user.scope !== 'user';
  return (
    <section data-testid="credit-page">
      <PageHeader title={t('credit.title')} />
      {data && (
        <section className="mb-6">
          <h2 className="mb-2 text-lg font-semibold">{t('credit.organization')}: <UserText data-testid="credit-my-org">{data.organization.organizationName}</UserText></h2>
          <CreditCard credit={data.organization} testId="credit-my" />
          <h2 className="mb-2 mt-4 text-lg font-semibold">{t('credit.allowance')}</h2>
          {data.user.hasAllowance
            ? <dl className="grid gap-3 sm:grid-cols-3" data-testid="credit-allowance">
                <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.available')}</dt><dd><Amount value={data.user.credit} /></dd></div>
                <div className="rounded border bg-white p-3 dark:bg-slate-800"><dt className="text-sm text-slate-500">{t('credit.held')}</dt><dd><Amount value={data.user.held} /></dd></div>
              </dl>
            : <p className="text-sm text-slate-500" data-testid="credit-no-allowance">{t('credit.noAllowance')}</p>}
        </section>
      )}
      {admin && <AdminCredit canCharge={hasClaim(user, 'Financial.Payments')} />}
      {hasClaim(user, 'Users.Update') && <UserAllowance />}
    </section>
  );
}
