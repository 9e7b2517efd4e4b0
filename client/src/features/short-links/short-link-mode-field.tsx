import { useTranslation } from 'react-i18next';
import { SHORT_LINK_MODES, type ShortLinkMode } from '../../../../server/shared/engage/short-links';

export { SHORT_LINK_MODES };
export type { ShortLinkMode };

/**
 * The send forms' choice for the text's links (issue 28): as typed, one short link per send, or a
 * personal link per receiver (who clicked is known). Not offered for periodic sends (each
 * occurrence is a send of its own), which the form says.
 */
export function ShortLinkModeField({ value, onChange, disabled, error }: { value: ShortLinkMode; onChange(mode: ShortLinkMode): void; disabled?: boolean; error?: string }) {
  const { t } = useTranslation('shortLinks');
  return (
    <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="send-short-links" aria-describedby="send-short-links-hint">
      <legend className="px-1 text-sm font-semibold">{t('mode.label')}</legend>
      <div className="flex flex-wrap gap-4">
        {SHORT_LINK_MODES.map((m) => (
          <label key={m} className="flex items-center gap-1 text-sm">
            <input type="radio" name="send-short-link-mode" value={m} checked={value === m} disabled={disabled && m !== 'None'} onChange={() => onChange(m)} data-testid={`send-short-links-${m}`} />
            {t(`mode.${m}`)}
          </label>
        ))}
      </div>
      <p id="send-short-links-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">{disabled ? t('mode.notPeriodic') : t('mode.hint')}</p>
      {error && <p role="alert" className="text-sm text-red-700" data-testid="send-short-links-error">{error}</p>}
    </fieldset>
  );
}
