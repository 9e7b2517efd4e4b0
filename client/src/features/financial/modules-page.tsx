import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageHeader } from '../../shared/ui/page-header';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { useDigits } from '../../shared/ui/use-digits';
import { isolateText } from '../../shared/ui/bidi';
import { OrganizationPicker } from '../admin-common/pickers';
import { financialKeys, modulesApi, type ModuleState } from './financial-api';

const STATE_CLASS: Record<ModuleState['state'], string> = {
  held: 'bg-green-100 text-green-900',
  inherited: 'bg-sky-100 text-sky-900',
  locked: 'bg-amber-100 text-amber-900',
  free: 'bg-slate-100 text-slate-800',
};

/**
 * `/financial/modules` (Financial.Tariffs): an organization's modules — held, locked, inherited
 * from an organization above, or free — with assigning and taking back by hand
 * (`Modules/AssignToOrganization`); the state comes from the server's own rule
 * (`Modules/GetOrganizationModuleStates`), so it is what the organization's claims follow.
 */
export function ModulesPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('financial');
  const digits = useDigits();
  const { data: user } = useCurrentUser();
  const [organizationId, setOrganizationId] = useState<number | null>(() => Number(new URLSearchParams(window.location.search).get('organizationId')) || null);
  const [busy, setBusy] = useState<string | null>(null);
  const [unassigning, setUnassigning] = useState<ModuleState | null>(null);
  const { data, isLoading, mutate } = useSWR(organizationId ? financialKeys.moduleStates(organizationId) : null, ([, id]) => modulesApi.states(api, { organizationId: id }));
  const own = organizationId !== null && organizationId === user?.organizationId;
  const fa = i18n.language.toLowerCase().startsWith('fa');
  const nameOf = (m: ModuleState) => t(`plans.moduleNames.${m.moduleId}`, { defaultValue: fa ? m.fa : m.en });
  const change = async (m: ModuleState, assigned: boolean) => {
    if (!organizationId) return;
    setBusy(m.moduleId);
    try {
      await modulesApi.assign(api, { organizationId, moduleId: m.moduleId, assigned });
      showToast({ kind: 'success', message: t(assigned ? 'modules.assigned' : 'modules.unassigned', { name: nameOf(m) }) });
      setUnassigning(null);
      await mutate();
    } catch { /* the error catalogue told the user */ } finally { setBusy(null); }
  };
  const columns = useMemo<DataTableColumn<ModuleState>[]>(() => [
    { key: 'module', header: t('modules.columns.module'), cell: (m) => nameOf(m) },
    {
      key: 'state', header: t('modules.columns.state'), cell: (m) => (
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASS[m.state]}`} data-testid="module-state" data-state={m.state}>{t(`modules.states.${m.state}`)}</span>
      ),
    },
    {
      key: 'source', header: t('modules.columns.source'), cell: (m) => (
        <span className="flex flex-col text-sm">
          {m.state === 'held' && <span>{m.planId ? t('modules.byPlan', { id: digits(m.planId) }) : t('modules.byHand')}</span>}
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {m.offeredByPlanIds.length ? t('modules.onSale', { ids: m.offeredByPlanIds.map((id) => digits(id)).join(fa ? '، ' : ', ') }) : t('modules.notOnSale')}
          </span>
        </span>
      ),
    },
    {
      key: 'actions', header: t('modules.columns.actions'), cell: (m) => (own ? null : m.state === 'held'
        ? <Button size="sm" variant="secondary" data-testid="module-unassign" loading={busy === m.moduleId} onClick={() => setUnassigning(m)}>{t('modules.unassign')}</Button>
        : <Button size="sm" data-testid="module-assign" loading={busy === m.moduleId} onClick={() => void change(m, true)}>{t('modules.assign')}</Button>),
    },
  ], [t, digits, fa, own, busy, organizationId]);
  return (
    <section data-testid="modules-page">
      <PageHeader title={t('modules.title')} />
      <p className="mb-3 max-w-3xl text-sm text-slate-700 dark:text-slate-200" data-testid="modules-explain">{t('modules.explain')}</p>
      <OrganizationPicker id="modules-organization" data-testid="modules-organization" label={t('modules.organization')} hint={t('modules.pickHint')}
        className="mb-4 max-w-md" value={organizationId} onChange={(id) => setOrganizationId(id)} />
      {own && <p className="mb-2 text-sm text-amber-800 dark:text-amber-300" role="note">{t('modules.ownOrganization')}</p>}
      {organizationId === null ? <EmptyState title={t('modules.empty')} description={t('modules.pickHint')} data-testid="modules-empty" /> : (
        <DataTable columns={columns} rows={data} rowKey={(m) => m.moduleId} loading={isLoading} caption={t('modules.title')}
          pageIndex={0} pageSize={data?.length || 10} totalCount={data?.length ?? 0} onPageChange={() => undefined} data-testid="modules-table" />
      )}
      <ConfirmDialog open={!!unassigning} busy={busy !== null} danger data-testid="module-unassign-confirm" title={t('modules.unassignTitle')} confirmText={t('modules.unassign')}
        message={unassigning ? t('modules.unassignMessage', { name: isolateText(nameOf(unassigning)) }) : ''}
        onConfirm={() => unassigning && void change(unassigning, false)} onCancel={() => setUnassigning(null)} />
    </section>
  );
}
