import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { EmptyState } from '../../shared/ui/empty-state';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FieldFrame, inputClass } from '../../shared/ui/form/field-frame';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { UserText } from '../../shared/ui/user-text';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { AmountField } from '../financial/amount-field';
import { Amount, useMoney } from '../financial/money';
import { TARGET_TIMES, resellerApi, type ResellerSettings, type ResellerTarget, type TargetTimes } from './reseller-api';
import { useResellerChoice } from './reseller-picker';

/** A reseller's targets with their progress and rewards, and its agreement figures; an organization above it edits both. */
export function TargetsPage() {
  const { api } = useApp();
  const { t } = useTranslation('reseller');
  const choice = useResellerChoice('targets');
  const [editing, setEditing] = useState<ResellerTarget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResellerTarget | null>(null);
  const key = choice.waiting ? null : ['reseller/targets', choice.resellerId ?? 0];
  const { data, isLoading, mutate } = useSWR(key, () => resellerApi.targets(api, { resellerId: choice.resellerId }));
  const remove = async () => {
    if (!deleting) return;
    try {
      await resellerApi.deleteTarget(api, deleting.id);
      setDeleting(null);
      showToast({ kind: 'success', message: t('targets.deleted') });
      await mutate();
    } catch { /* the error catalogue told the user */ }
  };
  const canManage = !!data?.canManage;
  const titleOf = (x: ResellerTarget) => x.title ?? t('targets.untitled', { id: x.id });

  return (
    <section data-testid="targets-page">
      <PageHeader title={t('targets.title')} subtitle={t('targets.subtitle')}
        actions={canManage ? <Button data-testid="target-create" onClick={() => setEditing('new')}>{t('targets.create')}</Button> : undefined} />
      {choice.picker}
      {choice.prompt}
      {!choice.waiting && (
        <>
          {isLoading && <Spinner />}
          {data && data.items.length === 0 && (
            <EmptyState title={t('targets.empty')} description={canManage ? t('targets.emptyManage') : undefined} data-testid="targets-empty" />
          )}
          <ul className="grid gap-3 lg:grid-cols-2" data-testid="targets-list">
            {data?.items.map((x) => (
              <TargetCard key={x.id} target={x} title={titleOf(x)} canManage={canManage} onEdit={() => setEditing(x)} onDelete={() => setDeleting(x)} />
            ))}
          </ul>
          <SettingsCard resellerId={choice.resellerId} />
        </>
      )}
      {editing && data && (
        <TargetForm resellerId={data.resellerId} target={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); void mutate(); }} />
      )}
      <ConfirmDialog open={!!deleting} danger title={t('targets.deleteTitle')} message={deleting ? t('targets.deleteMessage', { title: titleOf(deleting) }) : ''}
        data-testid="target-delete-dialog" onConfirm={() => void remove()} onCancel={() => setDeleting(null)} />
    </section>
  );
}

function TargetCard({ target: x, title, canManage, onEdit, onDelete }: { target: ResellerTarget; title: string; canManage: boolean; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('reseller');
  const { digits } = useMoney();
  // The period ends at the next period's first instant: its last day is one millisecond before.
  const lastDay = new Date(Date.parse(x.period.to) - 1).toISOString();
  return (
    <li className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="target-card" data-target-id={x.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-base font-semibold"><UserText>{title}</UserText></h2>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {t(`targets.timesValues.${x.times}`)}{x.isActive ? '' : ` — ${t('targets.inactive')}`}
        </span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <span>{t('targets.credit')}: </span><Amount value={x.credit} />
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="target-period">
        <PeriodText from={x.period.from} to={lastDay} />
      </p>
      <div className="mt-2">
        <div role="progressbar" aria-label={`${t('targets.progress')}: ${title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={x.percent}
          className="h-3 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700" data-testid="target-progress">
          <div className={x.percent >= 100 ? 'h-full bg-emerald-600' : 'h-full bg-blue-600'} style={{ width: `${x.percent}%` }} />
        </div>
        <p className="mt-1 text-sm" data-testid="target-progress-text">
          {t('targets.progressText', { sent: digits(x.sentParts), target: digits(x.targetValue), percent: digits(x.percent) })}
        </p>
      </div>
      <p className="mt-1 text-sm" data-testid="target-reward" data-rewarded={x.rewarded ? 'true' : 'false'}>
        {x.rewarded && x.rewardedAt ? <RewardedText at={x.rewardedAt} /> : t('targets.notRewarded')}
      </p>
      {x.rewards.length > 0 && <p className="text-xs text-slate-600 dark:text-slate-300">{t('targets.pastRewards', { n: digits(x.rewards.length) })}</p>}
      {canManage && (
        <div className="mt-2 flex gap-1">
          <Button size="sm" variant="secondary" data-testid="target-edit" onClick={onEdit}>{t('targets.edit')}</Button>
          <Button size="sm" variant="danger" data-testid="target-delete" onClick={onDelete}>{t('targets.delete')}</Button>
        </div>
      )}
    </li>
  );
}

function PeriodText({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('reseller');
  const [before, middle, after] = t('targets.period', { from: '\u0000', to: '\u0001' }).split(/[\u0000\u0001]/);
  return <>{before}<DateDisplay value={from} mode="date" />{middle}<DateDisplay value={to} mode="date" />{after}</>;
}

function RewardedText({ at }: { at: string }) {
  const { t } = useTranslation('reseller');
  const [before, after] = t('targets.rewarded', { date: '\u0000' }).split('\u0000');
  return <>{before}<DateDisplay value={at} mode="date" />{after}</>;
}

function TargetForm({ resellerId, target, onClose, onSaved }: { resellerId: number; target: ResellerTarget | null; onClose(): void; onSaved(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('reseller');
  const [title, setTitle] = useState(target?.title ?? '');
  const [times, setTimes] = useState<TargetTimes>(target?.times ?? 'Monthly');
  const [targetValue, setTargetValue] = useState(target ? String(target.targetValue) : '');
  const [credit, setCredit] = useState(target?.credit ?? '');
  const [isActive, setIsActive] = useState(target?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const body = { title: title.trim() || null, times, targetValue: Number(targetValue || '0'), credit: credit || '0', isActive };
    try {
      if (target) await resellerApi.updateTarget(api, { id: target.id, ...body }, { quiet: true });
      else await resellerApi.createTarget(api, { resellerId, ...body }, { quiet: true });
      showToast({ kind: 'success', message: t('targets.saved') });
      onSaved();
    } catch (err) {
      setErrors(errorsOf(err, { title: t('targets.name'), times: t('targets.times'), targetValue: t('targets.targetValue'), credit: t('targets.credit') }));
    } finally { setBusy(false); }
  };
  return (
    <ModalDialog open onClose={onClose} title={target ? t('targets.edit') : t('targets.create')} data-testid="target-dialog">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3" data-testid="target-form">
        <ErrorSummary errors={errors} testId="target-errors" />
        <TextField id="target-title" data-testid="target-title" label={t('targets.name')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} error={errors.title} />
        <FieldFrame id="target-times" label={t('targets.times')} required errorText={typeof errors.times === 'string' ? errors.times : null}>
          <select id="target-times" className={inputClass(!!errors.times)} value={times} data-testid="target-times" onChange={(e) => setTimes(e.target.value as TargetTimes)}>
            {TARGET_TIMES.map((x) => <option key={x} value={x}>{t(`targets.timesValues.${x}`)}</option>)}
          </select>
        </FieldFrame>
        <NumericInput id="target-value" data-testid="target-value" label={t('targets.targetValue')} required value={targetValue} onValueChange={setTargetValue} error={errors.targetValue} />
        <AmountField id="target-credit" data-testid="target-credit" label={t('targets.credit')} required value={credit} onValueChange={setCredit} error={errors.credit} />
        <CheckboxField id="target-active" data-testid="target-active" label={t('targets.isActive')} checked={isActive} onCheckedChange={setIsActive} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>{t('targets.cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="target-save">{t('targets.save')}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** The spec's reseller fields: reference figures (the help text says they move no money yet); editable from above. */
function SettingsCard({ resellerId }: { resellerId: number | undefined }) {
  const { api } = useApp();
  const { t } = useTranslation('reseller');
  const { rial, digits } = useMoney();
  const { data, mutate } = useSWR(['reseller/settings', resellerId ?? 0], () => resellerApi.settings(api, { resellerId }));
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) { setPrice(data.pricePerSms ?? ''); setPercent(data.panelPercent ?? ''); }
  }, [data]);
  if (!data) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved: ResellerSettings = await resellerApi.saveSettings(api, { resellerId: data.resellerId, pricePerSms: price || null, panelPercent: percent || null }, { quiet: true });
      await mutate(saved, { revalidate: false });
      showToast({ kind: 'success', message: t('settings.saved') });
    } catch (err) {
      setErrors(errorsOf(err, { pricePerSms: t('settings.pricePerSms'), panelPercent: t('settings.panelPercent') }));
    } finally { setBusy(false); }
  };
  return (
    <section className="mt-6 max-w-xl rounded border border-slate-200 p-3 dark:border-slate-700" aria-labelledby="reseller-settings-title" data-testid="reseller-settings">
      <h2 id="reseller-settings-title" className="text-lg font-semibold">{t('settings.title')}</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('settings.hint')}</p>
      {data.canManage ? (
        <form noValidate onSubmit={(e) => void save(e)} className="grid gap-3" data-testid="reseller-settings-form">
          <ErrorSummary errors={errors} testId="reseller-settings-errors" />
          <AmountField id="reseller-price" data-testid="reseller-price" label={t('settings.pricePerSms')} value={price} onValueChange={setPrice} error={errors.pricePerSms} />
          <NumericInput id="reseller-percent" data-testid="reseller-percent" allowDecimal label={t('settings.panelPercent')} value={percent} onValueChange={setPercent} error={errors.panelPercent} />
          <div><Button type="submit" loading={busy} data-testid="reseller-settings-save">{t('settings.save')}</Button></div>
        </form>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>{t('settings.pricePerSms')}</dt><dd data-testid="reseller-price-view">{data.pricePerSms === null ? t('settings.none') : rial(data.pricePerSms)}</dd>
          <dt>{t('settings.panelPercent')}</dt><dd data-testid="reseller-percent-view">{data.panelPercent === null ? t('settings.none') : t('settings.percentValue', { value: digits(data.panelPercent) })}</dd>
        </dl>
      )}
    </section>
  );
}
