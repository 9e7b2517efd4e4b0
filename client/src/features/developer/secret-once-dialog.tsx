import { Button } from '../../shared/ui/button';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';

export interface SecretOnceTexts { title: string; warning: string; copy: string; copied: string; close: string }

/**
 * A secret the server answers once (an API token, a webhook's signing secret): it keeps only a
 * hash or never lists it again, so closing this dialog loses it for good. Test ids:
 * `{testIdPrefix}-secret-dialog`, `-secret`, `-copy`, `-secret-close`.
 */
export function SecretOnceDialog({ secret, texts, testIdPrefix, onClose }: { secret: string; texts: SecretOnceTexts; testIdPrefix: string; onClose(): void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      showToast({ kind: 'success', message: texts.copied });
    } catch { /* no clipboard (plain http): the text stays selectable */ }
  };
  return (
    <ModalDialog open onClose={onClose} title={texts.title} data-testid={`${testIdPrefix}-secret-dialog`}>
      <p role="alert" className="mb-3 text-sm font-medium text-amber-700 dark:text-amber-300">{texts.warning}</p>
      <input readOnly dir="ltr" value={secret} aria-label={texts.title} data-testid={`${testIdPrefix}-secret`} onFocus={(e) => e.target.select()}
        className="mb-3 w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
      <div className="flex justify-end gap-2">
        <Button onClick={() => void copy()} data-testid={`${testIdPrefix}-copy`}>{texts.copy}</Button>
        <Button variant="secondary" onClick={onClose} data-testid={`${testIdPrefix}-secret-close`}>{texts.close}</Button>
      </div>
    </ModalDialog>
  );
}
