import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { DateDisplay } from '../../shared/dates/date-display';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { UserText } from '../../shared/ui/user-text';
import { numberClassesApi, type LineClassCheck } from './lines-api';

/**
 * A line's last number-class check, read-only: "not checked yet", "no class", or each operator's
 * class, with when it was checked.
 */
export function LineClassSummary({ check, compact = false }: { check: LineClassCheck | undefined; compact?: boolean }) {
  const { t } = useTranslation('numberClasses');
  if (!check) return <span className="text-slate-500" data-testid="line-class-state">{t('line.notChecked')}</span>;
  return (
    <div data-testid="line-class-state" className="text-sm">
      {check.classes.length === 0 ? <span>{t('line.noClass')}</span> : (
        <ul>
          {check.classes.map((c) => (
            <li key={c.operator}>
              {/* The class name and title are what an administrator typed: user text, isolated in bdi. */}
              {t(`operators.${c.operator}`)}: <UserText>{c.operatorClass}</UserText> (<UserText>{c.title}</UserText>)
            </li>
          ))}
        </ul>
      )}
      <span className={`block text-slate-600 dark:text-slate-300 ${compact ? 'text-xs' : 'text-xs mt-1'}`}>
        {t('line.checkedAt')} <DateDisplay value={check.checkTime} />
      </span>
    </div>
  );
}

/** The line form's read-only section: the class and a "check now" for this line alone. */
export function LineClassSection({ lineId, check, onChecked }: { lineId: number; check: LineClassCheck | undefined; onChecked(): void }) {
  const { api } = useApp();
  const { t } = useTranslation('numberClasses');
  const [busy, setBusy] = useState(false);
  const checkNow = async () => {
    setBusy(true);
    try {
      await numberClassesApi.checkNow(api, { privateNumberId: lineId });
      showToast({ kind: 'success', message: t('line.checkedOne') });
      onChecked();
    } catch { /* the error catalogue told the user */ } finally { setBusy(false); }
  };
  return (
    <fieldset className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700" aria-describedby="line-class-hint" data-testid="line-group-numberClass">
      <legend className="px-1 text-sm font-semibold text-sky-800 dark:text-sky-300">{t('line.section')}</legend>
      <p id="line-class-hint" className="mb-2 text-xs text-slate-600 dark:text-slate-300">{t('line.sectionHint')}</p>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <LineClassSummary check={check} />
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void checkNow()} data-testid="line-class-check-now">{t('line.checkNow')}</Button>
      </div>
    </fieldset>
  );
}
