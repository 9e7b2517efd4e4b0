import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { ApiError } from '../../shared/api/api-client';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { EmptyState } from '../../shared/ui/empty-state';
import { Spinner } from '../../shared/ui/spinner';
import { Amount, useMoney } from './money';
import { creditsApi, financialKeys, invoiceByIdPath, plansApi, type PlanBought } from './financial-api';
import { useCurrentUser } from '../../shared/auth/current-user';
import { isolateText } from '../../shared/ui/bidi';
import { UserText } from '../../shared/ui/user-text';
import { ContentMain } from '../../shared/ui/content-main';
import { PreInvoiceButton } from './pre-invoice-action';

/**
 * The public `plan/:planId` page (signed-in users only: the route guard keeps this address and
 * brings the visitor back after signing in). A plan that is not offered answers a silent 404, so
 * the page itself says it was not found.
 */
export function PlanPage() {
  const { api, store } = useApp();
  const { t } = useTranslation('financial');
  const { rial } = useMoney();
  // The spec: a 401/403 on the admin credit path hides the credit payment type (set by the api client).
  const creditHidden = useAppState(store, (s) => s.hideCreditPaymentType);
  const { data: user } = useCurrentUser();
  // The credit this plan would be paid from; its 401/403 is what hides the credit payment type.
  const { data: credit } = useSWR(user ? financialKeys.organizationCredit(user.activeOrganizationId) : null,
    ([, organizationId]) => creditsApi.organizationCredit(api, { organizationId }, { quiet: true }).catch(() => null));
  const { mutate } = useSWRConfig();
  const { planId } = useParams();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<PlanBought | null>(null);
  const [requestId] = useState(() => `plan-${planId}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
  const { data: plan, isLoading } = useSWR(financialKeys.plan(planId), async () => {
    try {
      return await plansApi.get(api, Number(planId) || 0);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
      throw err;
    }
  });
  const buy = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      const answer = await plansApi.buy(api, { planId: plan.id, requestId });
      setBought(answer);
      setAsking(false);
      void mutate(financialKeys.myCredit());
    } catch { /* the error catalogue told the user (e.g. not enough credit) */ } finally { setBusy(false); }
  };
  return (
    <ContentMain className="mx-auto mt-10 max-w-xl px-4" data-testid="plan-page">
      {isLoading && <Spinner />}
      {!isLoading && !plan && (
        <EmptyState title={t('plans.notFound')} description={t('plans.notFoundHint')} data-testid="plan-not-found"
          action={<Link className="text-sky-700 underline" to="/">{t('plans.home')}</Link>} />
      )}
      {plan && (
        <article className="rounded border border-slate-300 bg-white p-5 shadow-sm dark:bg-slate-800" data-testid="plan-card">
          <p className="text-sm text-slate-500">{t('plans.title')}</p>
          <h1 className="mb-3 text-2xl font-semibold" data-testid="plan-title"><UserText>{plan.title}</UserText></h1>
          <dl className="mb-3 grid grid-cols-2 gap-y-1 text-sm">
            <dt>{t('plans.planType')}</dt><dd><UserText>{plan.planType}</UserText></dd>
            <dt>{t('plans.price')}</dt><dd><Amount value={plan.planPrice} testId="plan-price" /></dd>
            {plan.extentionPrice && (<><dt>{t('plans.extentionPrice')}</dt><dd><Amount value={plan.extentionPrice} /></dd></>)}
            {credit && !creditHidden && (<><dt>{t('online.currentCredit')}</dt><dd><Amount value={credit.credit} testId="plan-available-credit" /></dd></>)}
          </dl>
          {plan.planInformation && <p className="mb-3 whitespace-pre-line" dir="auto">{plan.planInformation}</p>}
          {plan.modules.length > 0 && (
            <div className="mb-4">
              <h2 className="font-medium">{t('plans.modules')}</h2>
              <ul className="list-inside list-disc" data-testid="plan-modules">
                {plan.modules.map((m) => <li key={m}>{t(`plans.moduleNames.${m}`, { defaultValue: m })}</li>)}
              </ul>
            </div>
          )}
          {bought ? (
            <div role="status" className="rounded bg-green-50 p-3 text-green-800" data-testid="plan-bought">
              <p>{t('plans.bought')}</p>
              {bought.currentCredit && <p>{t('plans.currentCredit')}: <Amount value={bought.currentCredit} testId="plan-current-credit" /></p>}
              <div className="mt-2 flex gap-3">
                {bought.invoiceId && <Link className="text-sky-700 underline" data-testid="plan-invoice" to={invoiceByIdPath(bought.invoiceId)}>{t('plans.invoice')}</Link>}
                <Link className="text-sky-700 underline" to="/">{t('plans.home')}</Link>
              </div>
            </div>
          ) : creditHidden ? (
            <div className="rounded bg-amber-50 p-3 text-amber-900" data-testid="plan-credit-hidden">
              <p>{t('online.creditHidden')}</p>
              <Link className="text-sky-700 underline" data-testid="plan-pay-online" to="/financial/online-payment">{t('online.title')}</Link>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button data-testid="plan-buy" onClick={() => setAsking(true)}>{t('plans.buy')}</Button>
              <PreInvoiceButton kind="plan" referenceId={plan.id} data-testid="plan-pre-invoice" />
            </div>
          )}
        </article>
      )}
      <ConfirmDialog open={asking} busy={busy} data-testid="plan-buy-confirm" title={t('plans.confirmTitle')} confirmText={t('plans.buy')}
        message={plan ? t('plans.confirmMessage', { title: isolateText(plan.title), amount: rial(plan.planPrice) }) : ''}
        onConfirm={() => void buy()} onCancel={() => setAsking(false)} />
    </ContentMain>
  );
}
