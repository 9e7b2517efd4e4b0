import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { ApiError } from '../../shared/api/api-client';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { useFormFailure } from '../sending/send-form-failure';
import { alertsApi, type AlertSetting } from './alerts-api';

const LEVELS = ['Low', 'Normal', 'High'] as const;
const num = (s: string) => (s.trim() === '' ? null : Number(toLatinDigits(s.trim())));

/**
 * Field errors keyed by the server's whole property path (`alerts[0].creditThreshold`): the shared
 * errorsOf keeps only the last segment, which cannot tell the three alerts' fields apart, so no
 * error showed under its field.
 */
function pathErrorsOf(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.validationErrors.length) return errorsOf(err);
  const out: FieldErrors = {};
  for (const v of err.validationErrors) {
    const key = v.propertyName ?? '';
    out[key] = out[key] ? `${out[key]} ${v.message}` : v.message;
  }
  return out;
}

/** An organization's alert settings (low credit, organization and line expiry) and how it is told (SMS, panel). */
export function AlertSettingsPage() {
  const { api } = useApp();
  const { t } = useTranslation('alerts');
  const { data, isLoading, mutate } = useSWR(['alert-settings'], () => alertsApi.get(api));
  const [sms, setSms] = useState(false);
  const [panel, setPanel] = useState(true);
  const [mobiles, setMobiles] = useState('');
  const [alerts, setAlerts] = useState<AlertSetting[]>([]);
  const { errors, setErrors, formRef, fail } = useFormFailure(t('formInvalid'));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!data) return;
    setSms(data.notification.enableSmsNotification); setPanel(data.notification.enablePanelNotification);
    setMobiles(data.notification.mobiles.map((m) => `0${m.slice(2)}`).join('\n')); setAlerts(data.alerts);
  }, [data]);

  const patch = (i: number, p: Partial<AlertSetting>) => setAlerts((list) => list.map((a, j) => (j === i ? { ...a, ...p } : a)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await alertsApi.save(api, {
        notification: { enableSmsNotification: sms, enablePanelNotification: panel, mobiles: mobiles.split(/[\n,]+/).map((m) => m.trim()).filter(Boolean) },
        alerts,
      }, { quiet: true });
      await mutate(saved, { revalidate: false });
      // The refused values were corrected: their errors go with them.
      setErrors({});
      showToast({ kind: 'success', message: t('saved') });
    } catch (err) { fail(pathErrorsOf(err), err); } finally { setBusy(false); }
  };

  const mobileErrors = Object.entries(errors).filter(([k]) => k.startsWith('notification.mobiles')).map(([, m]) => m);
  if (isLoading || !data) return <Spinner />;
  return (
    <section data-testid="alert-settings-page">
      <PageHeader title={t('title')} />
      <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid max-w-3xl gap-4" data-testid="alert-settings-form">
        <ErrorSummary errors={errors} testId="alert-settings-errors" />
        <fieldset className="grid gap-2 rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('notification')}</legend>
          <CheckboxField id="alerts-sms" data-testid="alerts-sms" label={t('enableSms')} checked={sms} onCheckedChange={setSms} />
          <CheckboxField id="alerts-panel" data-testid="alerts-panel" label={t('enablePanel')} checked={panel} onCheckedChange={setPanel} />
          <label className="grid gap-1 text-sm" htmlFor="alerts-mobiles">{t('mobiles')}
            <textarea id="alerts-mobiles" data-testid="alerts-mobiles" dir="ltr" rows={3} className="rounded border border-slate-300 p-2 dark:border-slate-600 dark:bg-slate-800"
              value={mobiles} onChange={(e) => setMobiles(e.target.value)} aria-describedby={mobileErrors.length ? 'alerts-mobiles-hint alerts-mobiles-error' : 'alerts-mobiles-hint'}
              aria-invalid={mobileErrors.length ? true : undefined} />
            <span id="alerts-mobiles-hint" className="text-xs text-slate-500">{t('mobilesHint')}</span>
            {mobileErrors.length > 0 && <span id="alerts-mobiles-error" role="alert" className="text-xs text-red-600 dark:text-red-400">{mobileErrors.join(' ')}</span>}
          </label>
        </fieldset>
        {alerts.map((a, i) => (
          <fieldset key={a.alertType} className="grid gap-2 rounded border border-slate-200 p-3 dark:border-slate-700" data-testid={`alert-${a.alertType}`}>
            <legend className="px-1 text-sm font-semibold">{t(`types.${a.alertType}`)}</legend>
            <CheckboxField id={`alert-${a.alertType}-enabled`} data-testid={`alert-${a.alertType}-enabled`} label={t('enabled')} checked={a.isEnableSendNotification} onCheckedChange={(v) => patch(i, { isEnableSendNotification: v })} />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField id={`alert-${a.alertType}-frequency`} data-testid={`alert-${a.alertType}-frequency`} label={t('frequency')} inputMode="numeric" dir="ltr"
                value={String(a.daysOfSendFrequencyPeriod)} error={errors[`alerts[${i}].daysOfSendFrequencyPeriod`]} onChange={(e) => patch(i, { daysOfSendFrequencyPeriod: num(e.target.value) ?? 0 })} />
              <label className="grid gap-1 text-sm" htmlFor={`alert-${a.alertType}-importance`}>{t('importance')}
                <select id={`alert-${a.alertType}-importance`} data-testid={`alert-${a.alertType}-importance`} value={a.importanceLevel}
                  className="rounded border border-slate-300 p-2 dark:border-slate-600 dark:bg-slate-800" onChange={(e) => patch(i, { importanceLevel: e.target.value })}>
                  {LEVELS.map((l) => <option key={l} value={l}>{t(`levels.${l}`)}</option>)}
                </select>
              </label>
              {a.alertType === 'LowCredit' ? (
                <TextField id="alert-LowCredit-threshold" data-testid="alert-LowCredit-threshold" label={t('threshold')} inputMode="numeric" dir="ltr"
                  value={a.creditThreshold ?? ''} error={errors[`alerts[${i}].creditThreshold`]} onChange={(e) => patch(i, { creditThreshold: toLatinDigits(e.target.value.trim()) || null })} />
              ) : (
                <>
                  <TextField id={`alert-${a.alertType}-from`} data-testid={`alert-${a.alertType}-from`} label={t('fromDays')} hint={t('daysHint')} inputMode="numeric" dir="ltr"
                    value={a.fromDays === null ? '' : String(a.fromDays)} error={errors[`alerts[${i}].fromDays`]} onChange={(e) => patch(i, { fromDays: num(e.target.value) })} />
                  <TextField id={`alert-${a.alertType}-to`} data-testid={`alert-${a.alertType}-to`} label={t('toDays')} inputMode="numeric" dir="ltr"
                    value={a.toDays === null ? '' : String(a.toDays)} error={errors[`alerts[${i}].toDays`]} onChange={(e) => patch(i, { toDays: num(e.target.value) })} />
                </>
              )}
            </div>
          </fieldset>
        ))}
        <fieldset className="grid gap-1 rounded border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="alert-flags">
          <legend className="px-1 text-sm font-semibold">{t('flags')}</legend>
          <p className="text-xs text-slate-500">{t('flagsHint')}</p>
          <p>{t('flagAdmin')}: {t(data.flags.isSendAlertToOrganizationAdmin ? 'on' : 'off')}</p>
          <p>{t('flagExpiry')}: {t(data.flags.isSendOrganizationExpirationAlertMessage ? 'on' : 'off')}</p>
          <p data-testid="alert-flag-payment">{t('flagPayment')}: {t(data.flags.isSendAlertForCreatePayment ? 'on' : 'off')}</p>
          <p data-testid="alert-flag-online">{t('flagOnline')}: {t(data.flags.isSendAlertForCreateOnlinePayment ? 'on' : 'off')}</p>
        </fieldset>
        <div><Button type="submit" data-testid="alert-settings-save" disabled={busy}>{t('save')}</Button></div>
      </form>
    </section>
  );
}
