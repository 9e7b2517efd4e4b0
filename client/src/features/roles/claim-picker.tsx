import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { useAppState } from '../../shared/app/app-store';
import { isPersian } from '../../shared/i18n/i18n';
import { useDigits } from '../../shared/ui/use-digits';
import { rolesApi, rolesKeys } from './roles-api';

/** The claim picker: one group per menu section, each with a "select all" box. */
export function ClaimPicker({ selected, onChange, error }: { selected: string[]; onChange(claims: string[]): void; error?: string }) {
  const { api, store } = useApp();
  const { t } = useTranslation('roles');
  const language = useAppState(store, (s) => s.language);
  const digits = useDigits();
  const { data: sections } = useSWR(rolesKeys.claims(), () => rolesApi.claims(api));
  const title = (x: { titleFa: string; titleEn: string }) => (isPersian(language) ? x.titleFa : x.titleEn);
  const set = new Set(selected);
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(set);
    for (const k of keys) if (on) next.add(k); else next.delete(k);
    onChange([...next]);
  };
  return (
    <div role="group" aria-labelledby="claims-label" aria-describedby={error ? 'claims-error' : 'claims-hint'} data-testid="claim-picker">
      <div id="claims-label" className="mb-1 text-sm font-medium">{t('fields.claims')}</div>
      <p id="claims-hint" className="mb-2 text-xs text-slate-500">{t('claimsHint')} {t('selectedCount', { number: digits(selected.length) })}</p>
      {error && <p id="claims-error" role="alert" className="mb-2 text-xs text-red-700">{error}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        {(sections ?? []).map((s) => {
          const keys = s.claims.map((c) => c.key);
          const all = keys.every((k) => set.has(k));
          const some = !all && keys.some((k) => set.has(k));
          return (
            <fieldset key={s.key} className="rounded border border-slate-200 p-2 dark:border-slate-700" data-testid={`claim-section-${s.key}`}>
              <legend className="px-1 text-sm font-semibold">{title(s)}</legend>
              <label className="mb-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                <input type="checkbox" checked={all} aria-checked={some ? 'mixed' : all} ref={(el) => { if (el) el.indeterminate = some; }}
                  aria-label={t('selectSection', { name: title(s) })} onChange={(e) => toggle(keys, e.target.checked)} />
                {t('selectSection', { name: title(s) })}
              </label>
              {s.claims.map((c) => (
                <label key={c.key} className="flex items-center gap-2 ps-4 text-sm">
                  <input type="checkbox" data-testid={`claim-${c.key}`} checked={set.has(c.key)} onChange={(e) => toggle([c.key], e.target.checked)} />
                  {title(c)}
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
