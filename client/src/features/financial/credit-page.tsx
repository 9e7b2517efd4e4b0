import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { isolateText } from '../../shared/ui/bidi';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { creditsApi, financialKeys, type CreditView } from './financial-api';
import { usersApi } from '../users/users-api';
import { AmountField } from './amount-field';
import { Amount, useMoney } from './money';
import { UserText } from '../../shared/ui/user-text';
import { OrganizationPicker, UserPicker, type PickedUser } from '../admin-common/pickers';

/** Rial digits above zero (the amount field keeps plain digits). */
const isPositiveAmount = (amount: string) => /^\d+$/.test(amount) && BigInt(amount) > 0n;

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
  // A fix link (the send preview's "charge …") opens this page with the organization already picked.
  const [params] = useSearchParams();
  const [shown, setShown] = useState<number | null>(() => Number(params.get('organizationId')) || null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const { rial, toman } = useMoney();
  const { data, mutate } = useSWR(shown ? financialKeys.organizationCredit(shown) : null, ([, organizationId]) =>
    creditsApi.organizationCredit(api, { organizationId }));
  const labels = { organizationId: t('credit.organizationId'), amount: t('credit.amount'), description: t('credit.description') };
  // Money moves only after the operator has read amount and organization name in the prompt.
  const ask = (isIncrement: boolean) => {
    const local: FieldErrors = {};
    if (!shown) local.organizationId = t('credit.organizationRequired');
    if (!isPositiveAmount(amount)) local.amount = t('credit.amountRequired');
    setErrors(local);
    if (Object.keys(local).length || !data) return;
    setConfirming(isIncrement);
  };
  const charge = async (isIncrement: boolean) => {
    if (!shown || !data) return;
    setBusy(true);
    setErrors({});
    try {
      await creditsApi.chargeOrganization(api, { organizationId: shown, amount, isIncrement, description }, { quiet: true });
      showToast({ kind: 'success', message: t(isIncrement ? 'credit.charged' : 'credit.debited', { amount: rial(amount), name: isolateText(data.organizationName) }) });
      setAmount('');
      setDescription('');
      await mutate();
    } catch (err) { setErrors(errorsOf(err, labels)); } finally { setBusy(false); setConfirming(null); }
  };
  const picker = (
    <div className="min-w-[16rem] max-w-md">
      <OrganizationPicker id="credit-admin-org" data-testid="credit-admin-org" label={t('credit.organizationId')} value={shown} required={canCharge}
        hint={t('credit.pickOrganization')} error={errors.organizationId} onChange={(id) => { setShown(id); setErrors({}); }} />
    </div>
  );
  // The charge is there at once, the organization picked inside it; its credit shows once picked.
  return (
    <section className="mb-6" data-testid="credit-admin">
      <h2 className="mb-2 text-lg font-semibold">{t('credit.admin')}</h2>
      {canCharge ? (
        <form noValidate onSubmit={(e) => { e.preventDefault(); ask(true); }} className="mb-3 flex flex-wrap items-start gap-2" data-testid="credit-charge-form">
          {picker}
          <AmountField id="credit-charge-amount" data-testid="credit-charge-amount" label={t('credit.amount')} value={amount} onValueChange={setAmount} required error={errors.amount} />
          <TextField id="credit-charge-description" data-testid="credit-charge-description" label={t('credit.description')} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
          <Button type="submit" className="mt-6" loading={busy} data-testid="credit-charge-increase">{t('credit.increase')}</Button>
          <Button variant="danger" className="mt-6" loading={busy} data-testid="credit-charge-decrease" onClick={() => ask(false)}>{t('credit.decrease')}</Button>
        </form>
      ) : <div className="mb-3">{picker}</div>}
      {!data && <ErrorSummary errors={errors} testId="credit-charge-errors" />}
      {data && (
        <>
          <p className="mb-2 font-medium" data-testid="credit-admin-name"><UserText>{data.organizationName}</UserText></p>
          <CreditCard credit={data} testId="credit-admin-card" />
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
  const { t: tc } = useTranslation('adminCommon');
  const [user, setUser] = useState<PickedUser | null>(null);
  const [params] = useSearchParams();
  const linkedUserId = Number(params.get('userId')) || null;
  // A fix link ("increase the user's credit") opens this page with that user picked.
  useEffect(() => {
    if (!linkedUserId) return;
    let live = true;
    usersApi.get(api, linkedUserId, { quiet: true })
      .then((u) => {
        const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
        // Users/Get names no organization (its contract), so the linked user's picker shows no detail line.
        if (live) setUser({ ...u, title: name ? `${name} (${u.userName})` : u.userName, detail: '' });
      }, () => undefined);
    return () => { live = false; };
  }, [api, linkedUserId]);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<{ increase: boolean; name: string } | null>(null);
  const { rial, toman } = useMoney();
  const labels = { userId: t('credit.userId'), amount: t('credit.amount'), description: t('credit.description') };
  /** The prompt names the picked user; nothing is asked before a user and an amount are there. */
  const ask = (increase: boolean) => {
    const local: FieldErrors = {};
    if (!user) local.userId = tc('form.required');
    if (!isPositiveAmount(amount)) local.amount = t('credit.amountRequired');
    setErrors(local);
    if (user && !Object.keys(local).length) setConfirming({ increase, name: user.title });
  };
  const change = async (increase: boolean, name: string) => {
    if (!user) return;
    setBusy(true);
    setErrors({});
    try {
      await (increase ? creditsApi.increaseUserCredit : creditsApi.decreaseUserCredit)(api, { userId: user.id, amount, description }, { quiet: true });
      showToast({ kind: 'success', message: t(increase ? 'credit.userIncreased' : 'credit.userDecreased', { amount: rial(amount), name: isolateText(name) }) });
      setAmount('');
    } catch (err) { setErrors(errorsOf(err, labels)); } finally { setBusy(false); setConfirming(null); }
  };
  return (
    <section className="mb-6" data-testid="credit-user">
      <h2 className="mb-2 text-lg font-semibold">{t('credit.userCredit')}</h2>
      <form noValidate onSubmit={(e) => { e.preventDefault(); ask(true); }} className="flex flex-wrap items-start gap-2">
        <div className="min-w-[16rem]">
          <UserPicker id="credit-user-id" data-testid="credit-user-id" label={t('credit.userId')} value={user?.id ?? null} required error={errors.userId}
            onChange={(_, item) => setUser(item)} />
        </div>
        <AmountField id="credit-user-amount" data-testid="credit-user-amount" label={t('credit.amount')} value={amount} onValueChange={setAmount} required error={errors.amount} />
        <TextField id="credit-user-description" label={t('credit.description')} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
        <Button type="submit" className="mt-6" loading={busy} data-testid="credit-user-increase">{t('credit.increaseUser')}</Button>
        <Button variant="secondary" className="mt-6" loading={busy} data-testid="credit-user-decrease" onClick={() => ask(false)}>{t('credit.decreaseUser')}</Button>
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
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const { data: user } = useCurrentUser();
  const { data } = useSWR(financialKeys.myCredit(), () => creditsApi.myCredit(api));
  const admin = !!user?.isAdmin && user.scope !== 'user';
  return (
    <section data-testid="credit-page">
      <PageHeader title={t('credit.title')} />
      {/* The charge first: it is what an administrator comes here for (the first-run checklist's step links here). */}
      {admin && <AdminCredit canCharge={hasClaim(user, 'Financial.Payments')} />}
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
      {hasClaim(user, 'Users.Update') && <UserAllowance />}
    </section>
  );
}
