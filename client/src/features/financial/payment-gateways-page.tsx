import { useMemo, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { UserText } from '../../shared/ui/user-text';
import { DataTable, type DataTableColumn } from '../../shared/ui/table/data-table';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import {
  accountInformationsApi, financialKeys, paymentGatewaysApi, type AccountInformation, type PaymentGateway, type PaymentGatewayInput,
} from './financial-api';
// One statement of each provider's settings for the server's check and this form.
import { gatewayConfigFields, PAYMENT_GATEWAY_TYPES as TYPES } from '../../../../server/shared/billing/payment-gateway-config';

function GatewayForm({ gateway, accounts, onClose, onSaved }: { gateway: PaymentGateway | null; accounts: AccountInformation[]; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [typeIPG, setType] = useState<string>(gateway?.typeIPG ?? 'Zarinpal');
  const [title, setTitle] = useState(gateway?.title ?? '');
  // configJson's values as typed; on edit the stored ones are not shown (secrets answer '***').
  const [config, setConfig] = useState<Record<string, string | boolean>>({});
  const [isGeneralUse, setGeneral] = useState(gateway?.isGeneralUse ?? true);
  const [isFactorUse, setFactor] = useState(gateway?.isFactorUse ?? false);
  const [isActive, setActive] = useState(gateway?.isActive ?? true);
  const [accountInformationId, setAccount] = useState<number | null>(gateway?.accountInformationId ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const fields = gatewayConfigFields(typeIPG);
  const typed = fields.some((f) => config[f.name] !== undefined && config[f.name] !== '');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const configJson: Record<string, unknown> = {};
    for (const f of fields) {
      const v = config[f.name];
      if (f.kind === 'flag') configJson[f.name] = v === true;
      else if (typeof v === 'string' && v.trim()) configJson[f.name] = v.trim();
    }
    // On edit, settings go only when typed (or the type changed): an untouched form keeps the stored ones.
    const sendConfig = !gateway || typed || typeIPG !== gateway.typeIPG;
    const body: PaymentGatewayInput = { typeIPG, title: title.trim(), isGeneralUse, isFactorUse, isActive, accountInformationId, ...(sendConfig ? { configJson } : {}) };
    try {
      if (gateway) await paymentGatewaysApi.update(api, { id: gateway.id, ...body }, { quiet: true });
      else await paymentGatewaysApi.create(api, { ...body, typeIPG, title: title.trim(), configJson }, { quiet: true });
      showToast({ kind: 'success', message: t('gateways.saved') });
      onSaved();
    } catch (err) {
      const labels: Record<string, string> = { typeIPG: t('gateways.type'), title: t('gateways.name'), accountInformationId: t('gateways.account') };
      for (const f of fields) labels[`configJson.${f.name}`] = t(`gateways.config.${f.name}`);
      setErrors(errorsOf(err, labels));
    } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={gateway ? t('actions.edit') : t('gateways.create')} data-testid="gateway-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="gateway-form">
        <ErrorSummary errors={errors} testId="gateway-errors" />
        <label className="grid gap-1 text-sm" htmlFor="gateway-type">
          <span className="font-medium">{t('gateways.type')}</span>
          <select id="gateway-type" data-testid="gateway-type" className="rounded border px-2 py-1 dark:bg-slate-800" value={typeIPG}
            onChange={(e) => { setType(e.target.value); setConfig({}); }}>
            {TYPES.map((type) => <option key={type} value={type}>{t(`gateways.types.${type}`)}</option>)}
          </select>
        </label>
        <p className="text-xs text-slate-500" data-testid="gateway-type-hint">{t(`gateways.typeHints.${typeIPG}`, { defaultValue: '' })}</p>
        <TextField id="gateway-title" data-testid="gateway-title" label={t('gateways.name')} value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} error={errors.title} />
        <fieldset className="grid gap-2 rounded border p-2">
          <legend className="px-1 text-sm font-medium">{t('gateways.settings')}</legend>
          {gateway && <p className="text-xs text-slate-500">{t('gateways.keepSettings')}</p>}
          {fields.map((f) => (f.kind === 'flag'
            ? <CheckboxField key={f.name} id={`gateway-config-${f.name}`} data-testid={`gateway-config-${f.name}`} label={t(`gateways.config.${f.name}`)}
                hint={t(`gateways.configHints.${f.name}`, { defaultValue: '' }) || undefined}
                checked={config[f.name] === true} onCheckedChange={(v) => setConfig((c) => ({ ...c, [f.name]: v }))} />
            : <TextField key={f.name} id={`gateway-config-${f.name}`} data-testid={`gateway-config-${f.name}`} dir="ltr" label={t(`gateways.config.${f.name}`)}
                hint={t(`gateways.configHints.${f.name}`, { defaultValue: '' }) || undefined} type={f.kind === 'secret' ? 'password' : 'text'} autoComplete="off"
                value={String(config[f.name] ?? '')} onChange={(e) => setConfig((c) => ({ ...c, [f.name]: e.target.value }))} required={!gateway && f.required} maxLength={200}
                error={errors[`configJson.${f.name}`]} />))}
        </fieldset>
        <label className="grid gap-1 text-sm" htmlFor="gateway-account">
          <span className="font-medium">{t('gateways.account')}</span>
          <select id="gateway-account" data-testid="gateway-account" className="rounded border px-2 py-1 dark:bg-slate-800" value={accountInformationId ?? ''}
            onChange={(e) => setAccount(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('gateways.noAccount')}</option>
            {accounts.map((a) => <option key={a.id} value={a.id}>{[a.owner, a.iban ?? a.accountNo].filter(Boolean).join(' — ')}</option>)}
          </select>
        </label>
        <CheckboxField id="gateway-isGeneralUse" data-testid="gateway-isGeneralUse" label={t('gateways.isGeneralUse')} hint={t('gateways.isGeneralUseHint')} checked={isGeneralUse} onCheckedChange={setGeneral} />
        <CheckboxField id="gateway-isFactorUse" data-testid="gateway-isFactorUse" label={t('gateways.isFactorUse')} hint={t('gateways.isFactorUseHint')} checked={isFactorUse} onCheckedChange={setFactor} />
        <CheckboxField id="gateway-isActive" label={t('gateways.isActive')} checked={isActive} onCheckedChange={setActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="gateway-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** `financial/gateways`: the online payment gateways this organization offers the organizations below it. */
export function PaymentGatewaysPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [editing, setEditing] = useState<PaymentGateway | null | 'new'>(null);
  const [deleting, setDeleting] = useState<PaymentGateway | null>(null);
  const { data, isLoading, mutate } = useSWR(financialKeys.paymentGateways(), () => paymentGatewaysApi.list(api));
  const { data: accounts } = useSWR(financialKeys.accountInformations(), () => accountInformationsApi.list(api));
  const remove = async () => {
    if (!deleting) return;
    try { await paymentGatewaysApi.delete(api, deleting.id); setDeleting(null); await mutate(); } catch { /* shown by the catalogue */ }
  };
  const columns = useMemo<DataTableColumn<PaymentGateway>[]>(() => [
    { key: 'title', header: t('gateways.name'), cell: (r) => <UserText>{r.title}</UserText> },
    { key: 'type', header: t('gateways.type'), cell: (r) => t(`gateways.types.${r.typeIPG}`, { defaultValue: r.typeIPG }) },
    { key: 'general', header: t('gateways.isGeneralUse'), cell: (r) => t(r.isGeneralUse ? 'gateways.yes' : 'gateways.no') },
    { key: 'active', header: t('gateways.isActive'), cell: (r) => t(r.isActive ? 'packages.active' : 'packages.inactive') },
    {
      key: 'actions', header: t('discounts.columns.actions'), cell: (r) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" data-testid="gateway-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>
          <Button size="sm" variant="danger" data-testid="gateway-delete" onClick={() => setDeleting(r)}>{t('actions.delete')}</Button>
        </div>
      ),
    },
  ], [t]);
  return (
    <section data-testid="gateways-page">
      <PageHeader title={t('gateways.title')} actions={<Button data-testid="gateway-create" onClick={() => setEditing('new')}>{t('gateways.create')}</Button>} />
      <p className="mb-3 text-sm text-slate-500">{t('gateways.intro')}</p>
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('gateways.title')}
        pageIndex={0} pageSize={Math.max(data?.totalCount ?? 0, 1)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined} data-testid="gateways-table" />
      {editing && <GatewayForm gateway={editing === 'new' ? null : editing} accounts={accounts?.items ?? []} onClose={() => setEditing(null)}
        onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} danger title={t('gateways.deleteTitle')} message={deleting ? t('gateways.deleteMessage', { title: deleting.title }) : ''}
        data-testid="gateway-delete-dialog" onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}

const ACCOUNT_FIELDS = ['owner', 'accountNo', 'branch', 'cardNo', 'iban'] as const;

function AccountForm({ account, onClose, onSaved }: { account: AccountInformation | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, account?.[f] ?? ''])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body = Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, draft[f].trim() || null]));
    try {
      if (account) await accountInformationsApi.update(api, { id: account.id, ...body }, { quiet: true });
      else await accountInformationsApi.create(api, body, { quiet: true });
      showToast({ kind: 'success', message: t('accounts.saved') });
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err, Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, t(`accounts.${f}`)]))));
    } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={account ? t('actions.edit') : t('accounts.create')} data-testid="account-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="account-form">
        <ErrorSummary errors={errors} testId="account-errors" />
        {ACCOUNT_FIELDS.map((f) => (
          <TextField key={f} id={`account-${f}`} data-testid={`account-${f}`} label={t(`accounts.${f}`)} hint={t(`accounts.hints.${f}`, { defaultValue: '' }) || undefined}
            dir={f === 'owner' || f === 'branch' ? undefined : 'ltr'} value={draft[f]} maxLength={f === 'owner' ? 200 : 100} error={errors[f]}
            onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} />
        ))}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="account-save">{t('actions.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** `financial/accounts`: the bank accounts shown on invoices and tied to gateways. */
export function AccountInformationsPage() {
  const { api } = useApp();
  const { t } = useTranslation('financial');
  const [editing, setEditing] = useState<AccountInformation | null | 'new'>(null);
  const [deleting, setDeleting] = useState<AccountInformation | null>(null);
  const { data, isLoading, mutate } = useSWR(financialKeys.accountInformations(), () => accountInformationsApi.list(api));
  const remove = async () => {
    if (!deleting) return;
    try { await accountInformationsApi.delete(api, deleting.id); setDeleting(null); await mutate(); } catch { /* shown by the catalogue */ }
  };
  const columns = useMemo<DataTableColumn<AccountInformation>[]>(() => [
    ...ACCOUNT_FIELDS.map((f) => ({ key: f, header: t(`accounts.${f}`), cell: (r: AccountInformation) => (r[f] ? (f === 'owner' || f === 'branch' ? <UserText>{r[f]}</UserText> : <span dir="ltr">{r[f]}</span>) : '—') })),
    {
      key: 'actions', header: t('discounts.columns.actions'), cell: (r) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" data-testid="account-edit" onClick={() => setEditing(r)}>{t('actions.edit')}</Button>
          <Button size="sm" variant="danger" data-testid="account-delete" onClick={() => setDeleting(r)}>{t('actions.delete')}</Button>
        </div>
      ),
    },
  ], [t]);
  return (
    <section data-testid="accounts-page">
      <PageHeader title={t('accounts.title')} actions={<Button data-testid="account-create" onClick={() => setEditing('new')}>{t('accounts.create')}</Button>} />
      <DataTable columns={columns} rows={data?.items} rowKey={(r) => r.id} loading={isLoading} emptyText={t('adminCommon:table.empty')} caption={t('accounts.title')}
        pageIndex={0} pageSize={Math.max(data?.totalCount ?? 0, 1)} totalCount={data?.totalCount ?? 0} onPageChange={() => undefined} data-testid="accounts-table" />
      {editing && <AccountForm account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); void mutate(); }} />}
      <ConfirmDialog open={!!deleting} danger title={t('accounts.deleteTitle')} message={t('accounts.deleteMessage')}
        data-testid="account-delete-dialog" onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}
