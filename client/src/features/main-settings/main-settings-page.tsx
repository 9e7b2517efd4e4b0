import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/dialog/confirm-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FieldFrame, describedBy, inputClass } from '../../shared/ui/form/field-frame';
import { NumericInput } from '../../shared/ui/form/numeric-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, FormSection, errorsOf, type FieldErrors } from '../admin-common/kit';
import { changesOf, isFlag, mainSettingsApi, mainSettingsKeys, SETTING_GROUPS, type SettingDefinition } from './main-settings-api';

/** The server names a field `Tax`; errorsOf keys it `tax`. */
const errorKey = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

function SettingField({ def, value, onChange, error }: { def: SettingDefinition; value: string; onChange(v: string): void; error?: string }) {
  const { t } = useTranslation('mainSettings');
  const id = `setting-${def.key}`;
  const label = t(`keys.${def.key}.label`);
  const emptyHint = def.kind === 'integer' || def.kind === 'percent' || def.kind === 'amount' ? ` ${t('emptyDefault')}` : '';
  const hint = `${t(`keys.${def.key}.hint`)}${emptyHint}${def.storedOnly ? ` ${t('storedOnly')}` : ''}`;
  const common = { id, 'data-testid': id, label, hint, error };
  switch (def.kind) {
    case 'flag':
      return <CheckboxField {...common} checked={isFlag(value)} onCheckedChange={(c) => onChange(c ? 'true' : 'false')} />;
    case 'integer':
    case 'amount':
      return <NumericInput {...common} value={value} onValueChange={onChange} />;
    case 'percent':
      return <NumericInput {...common} value={value} onValueChange={onChange} allowDecimal />;
    case 'longText':
      return (
        <FieldFrame id={id} label={label} hint={hint} errorText={error ?? null} className="sm:col-span-2">
          <textarea id={id} data-testid={id} rows={3} dir="auto" maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error ?? null)} className={inputClass(!!error)} />
        </FieldFrame>
      );
    default:
      return <TextField {...common} dir={def.key === 'DefaultNumber' || def.key === 'AppPath' || def.key === 'RemoteQueueIp' || def.key === 'OutboundAllowedRanges' || def.key === 'MapTileUrl' ? 'ltr' : 'auto'}
        value={value} onChange={(e) => onChange(e.target.value)} className={def.key === 'OutboundAllowedRanges' || def.key === 'MapTileUrl' ? 'sm:col-span-2' : undefined} />;
  }
}

/**
 * `/infrastructure/main-settings` (Infrastructure.MainSettings, the system administrator): every
 * main setting grouped, each with what it does; only changed keys are sent, after a confirmation;
 * leaving with unsaved changes asks first.
 */
export function MainSettingsPage() {
  const { api } = useApp();
  const { t } = useTranslation('mainSettings');
  const digits = useDigits();
  const { data, isLoading, mutate } = useSWR(mainSettingsKeys.all(), () => mainSettingsApi.getAll(api));
  const loaded = useMemo(() => Object.fromEntries((data?.items ?? []).map((i) => [i.key, i.value ?? ''])), [data]);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const values = draft ?? loaded;
  const changes = useMemo(() => changesOf(loaded, values), [loaded, values]);
  const changedCount = Object.keys(changes).length;

  const dirtyRef = useRef(false);
  dirtyRef.current = changedCount > 0;
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) =>
    dirtyRef.current && currentLocation.pathname !== nextLocation.pathname, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => { if (changedCount === 0 && blocker.state === 'blocked') blocker.proceed(); }, [changedCount, blocker]);

  const set = (key: string, value: string) => {
    setDraft({ ...values, [key]: value });
    setErrors((e) => { const { [errorKey(key)]: _gone, ...rest } = e; return rest; });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changedCount > 0) setAsking(true);
  };
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await mainSettingsApi.update(api, changes, { quiet: true });
      await mutate();
      setDraft(null);
      showToast({ kind: 'success', message: t('saved') });
    } catch (err) {
      const labels = Object.fromEntries(SETTING_GROUPS.flatMap((g) => g.settings).map((s) => [errorKey(s.key), t(`keys.${s.key}.label`)]));
      setErrors(errorsOf(err, labels));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section data-testid="main-settings-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {isLoading || !data ? <Spinner /> : (
        <form noValidate onSubmit={submit} data-testid="main-settings-form">
          <ErrorSummary errors={errors} testId="main-settings-errors" />
          {SETTING_GROUPS.map(({ group, settings }) => (
            <FormSection key={group} title={t(`groups.${group}`)} testId={`main-settings-group-${group}`}>
              {settings.map((def) => (
                <SettingField key={def.key} def={def} value={values[def.key] ?? ''} onChange={(v) => set(def.key, v)} error={errors[errorKey(def.key)]} />
              ))}
            </FormSection>
          ))}
          <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-white/95 py-2 dark:border-slate-700 dark:bg-slate-900/95">
            <p role="status" className="me-auto text-sm" data-testid="main-settings-unsaved">
              {changedCount > 0 ? t('unsaved', { n: digits(changedCount) }) : t('noChanges')}
            </p>
            <Button variant="secondary" data-testid="main-settings-discard" disabled={changedCount === 0 || busy} onClick={() => { setDraft(null); setErrors({}); }}>{t('discard')}</Button>
            <Button type="submit" data-testid="main-settings-save" disabled={changedCount === 0} loading={busy}>{t('save')}</Button>
          </div>
        </form>
      )}
      <ConfirmDialog open={asking} busy={busy} data-testid="main-settings-confirm" title={t('confirmTitle')} confirmText={t('save')}
        message={(
          <>
            <p>{t('confirmMessage')}</p>
            <ul className="mt-2 list-disc ps-6" data-testid="main-settings-confirm-keys">
              {Object.keys(changes).map((k) => <li key={k}>{t(`keys.${k}.label`)}</li>)}
            </ul>
          </>
        )}
        onConfirm={() => void save()} onCancel={() => setAsking(false)} />
      <ConfirmDialog open={blocker.state === 'blocked'} data-testid="main-settings-leave" title={t('leaveTitle')} message={t('leaveMessage')}
        confirmText={t('leave')} cancelText={t('stay')} danger
        onConfirm={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />
    </section>
  );
}
