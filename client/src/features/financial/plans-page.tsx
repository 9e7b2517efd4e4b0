import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { isolateText } from '../../shared/ui/bidi';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { AmountField } from './amount-field';
import { financialKeys, modulesApi, plansApi, publicPlanPath, type Plan, type PlanInput } from './financial-api';
import { Amount } from './money';

/** The address a seller sends to customers (the public plan page of this panel). */
const publicPlanUrl = (id: number) => `${window.location.origin}${publicPlanPath(id)}`;

async function copy(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch { return false; }
}

function PlanForm({ plan, onClose, onSaved }: { plan: Plan | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t, i18n } = useTranslation('financial');
  const { data: catalogue } = useSWR(financialKeys.moduleCatalogue(), () => modulesApi.catalogue(api));
  const [title, setTitle] = useState(plan?.title ?? '');
  const [planType, setPlanType] = useState(plan?.planType ?? '');
  const [planPrice, setPlanPrice] = useState(plan?.planPrice ?? '');
  const [extentionPrice, setExtentionPrice] = useState(plan?.extentionPrice ?? '');
  const [planInformation, setPlanInformation] = useState(plan?.planInformation ?? '');
  const [modules, setModules] = useState<string[]>(plan?.modules ?? []);
  const [isActive, setIsActive] = useState(plan?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const labels = { title: t('plansAdmin.name'), planType: t('plansAdmin.planType'), planPrice: t('plansAdmin.planPrice'), extentionPrice: t('plansAdmin.extentionPrice'), planInformation: t('plansAdmin.planInformation'), modules: t('plansAdmin.modules') };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body: PlanInput = {
      title: title.trim(), planType: planType.trim(), planPrice, extentionPrice: extentionPrice || null,
      planInformation: planInformation.trim() || null, modules, isActive,
    };
    try {
      if (plan) await plansApi.update(api, { id: plan.id, ...body }, { quiet: true });
      else await plansApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('plansAdmin.saved') });
      onSaved();
    } catch (err) { setErrors(errorsOf(err, labels)); } finally { setBusy(false); }
  };
  const fa = i18n.language.toLowerCase().startsWith('fa');
  return (
    <ModalDialog open onClose={onClose} title={plan ? t('plansAdmin.edit') : t('plansAdmin.create')} data-testid="plan-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="plan-form">
        <ErrorSummary errors={errors} testId="plan-errors" />
        <TextField id="plan-title" data-testid="plan-title-input" label={labels.title} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} error={errors.title} />
        <TextField id="plan-planType" data-testid="plan-planType" label={labels.planType} hint={t('plansAdmin.planTypeHint')} value={planType} onChange={(e) => setPlanType(e.target.value)} required maxLength={30} error={errors.planType} />
        <AmountField id="plan-planPrice" data-testid="plan-planPrice" label={labels.planPrice} value={planPrice} onValueChange={setPlanPrice} required error={errors.planPrice} />
        <AmountField id="plan-extentionPrice" data-testid="plan-extentionPrice" label={labels.extentionPrice} value={extentionPrice} onValueChange={setExtentionPrice} error={errors.extentionPrice} />
        <p className="-mt-2 text-xs text-slate-600 dark:text-slate-300">{t('plansAdmin.extentionHint')}</p>
        <FieldFrame id="plan-planInformation" label={labels.planInformation} errorText={errors.planInformation ?? null}>
          <textarea id="plan-planInformation" data-testid="plan-planInformation" rows={3} dir="auto" maxLength={4000} value={planInformation}
            onChange={(e) => setPlanInformation(e.target.value)} aria-invalid={errors.planInformation ? true : undefined}
            aria-describedby={describedBy('plan-planInformation', undefined, errors.planInformation ?? null)} className={inputClass(!!errors.planInformation)} />
        </FieldFrame>
        <fieldset className="rounded border border-slate-200 p-2 dark:border-slate-700" aria-describedby="plan-modules-hint" data-testid="plan-modules-input">
          <legend className="px-1 text-sm font-medium">{labels.modules}</legend>
          <p id="plan-modules-hint" className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('plansAdmin.modulesHint')}</p>
          <div className="grid gap-1 sm:grid-cols-2">
            {(catalogue?.items ?? []).map((m) => (
              <CheckboxField key={m.id} id={`plan-module-${m.id}`} data-testid={`plan-module-${m.id}`} label={t(`plans.moduleNames.${m.id}`, { defaultValue: fa ? m.fa : m.en })}
                checked={modules.includes(m.id)} onCheckedChange={(c) => setModules((list) => (c ? [...list, m.id] : list.filter((x) => x !== m.id)))} />
            ))}
          </div>
          {errors.modules && <p className="text-sm text-red-700" role="alert">{errors.modules}</p>}
        </fieldset>
        <CheckboxField id="plan-isActive" data-testid="plan-isActive" label={t('plansAdmin.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        {plan && (
          <TextField id="plan-public-link" data-testid="plan-public-link" label={t('plansAdmin.publicLink')} hint={t('plansAdmin.publicLinkHint')} dir="ltr" readOnly value={publicPlanUrl(plan.id)}
            onFocus={(e) => e.currentTarget.select()} />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="plan-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/**
 * `/financial/plans` (Financial.Tariffs: the system or a reseller): the plans the caller sells,
 * made, edited and deleted here; each row offers the public plan page's address to send customers.
 */
export function PlansPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('financial');
  const listSeparator = i18n.language.toLowerCase().startsWith('fa') ? '، ' : ', ';
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useSWR(financialKeys.managedPlans(), () => plansApi.list(api));
  const rows = useMemo(() => (data?.items ?? []).slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), [data, pageIndex, pageSize]);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await plansApi.delete(api, deleting.id);
      showToast({ kind: 'success', message: t('plansAdmin.deleted') });
      setDeleting(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  const copyLink = async (plan: Plan) => {
    if (await copy(publicPlanUrl(plan.id))) showToast({ kind: 'success', message: t('plansAdmin.copied') });
    else setEditing(plan);
  };
  const columns = useMemo<DataTableColumn<Plan>[]>(() => [
    { key: 'title', header: t('plansAdmin.columns.title'), cell: (r) => r.title },
    { key: 'planType', header: t('plansAdmin.columns.planType'), cell: (r) => r.planType },
    { key: 'planPrice', header: t('plansAdmin.columns.planPrice'), cell: (r) => <Amount value={r.planPrice} /> },
    { key: 'extentionPrice', header: t('plansAdmin.columns.extentionPrice'), cell: (r) => (r.extentionPrice ? <Amount value={r.extentionPrice} /> : t('plansAdmin.notExtendable')) },
    { key: 'modules', header: t('plansAdmin.columns.modules'), cell: (r) => r.modules.map((m) => t(`plans.moduleNames.${m}`, { defaultValue: m })).join(listSeparator) },
    { key: 'active', header: t('plansAdmin.columns.active'), cell: (r) => t(r.isActive ? 'plansAdmin.active' : 'plansAdmin.inactive') },
    {
      key: 'actions', header: t('plansAdmin.columns.actions'), cell: (r) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="secondary" data-testid="plan-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>
          <Button size="sm" variant="secondary" data-testid="plan-copy-link" onClick={() => void copyLink(r)}>{t('plansAdmin.copy')}</Button>
          <Button size="sm" variant="danger" data-testid="plan-delete" onClick={() => setDeleting(r)}>{t('actions.delete')}</Button>
        </div>
      ),
    },
  ], [t, listSeparator]);
  return (
    <section data-testid="plans-page">
      <PageHeader title={t('plansAdmin.title')} actions={<Button data-testid="plan-create" onClick={() => setEditing('new')}>{t('plansAdmin.create')}</Button>} />
      <DataTable columns={columns} rows={data ? rows : undefined} rowKey={(r) => r.id} loading={isLoading} caption={t('plansAdmin.title')}
        emptyText={t('plansAdmin.empty')} emptyDescription={t('plansAdmin.emptyHint')}
        emptyAction={<Button data-testid="plans-empty-create" onClick={() => setEditing('new')}>{t('plansAdmin.create')}</Button>}
        pageIndex={pageIndex} pageSize={pageSize} totalCount={data?.totalCount ?? 0} onPageChange={setPageIndex}
        onPageSizeChange={(size) => { setPageSize(size); setPageIndex(0); }} data-testid="plans-table" />
      {editing && <PlanForm plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} busy={busy} danger data-testid="plan-delete-confirm" title={t('plansAdmin.deleteTitle')} confirmText={t('actions.delete')}
        message={deleting ? t('plansAdmin.deleteMessage', { title: isolateText(deleting.title) }) : ''}
        onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
