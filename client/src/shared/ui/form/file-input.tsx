import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { UI_NS } from '../ui.i18n';
import { UserText } from '../user-text';

export interface FileInputProps {
  /** The hidden file input's id; the label and the button refer to it. */
  id: string;
  /** Already translated label (what the file is for). */
  label: string;
  accept?: string;
  disabled?: boolean;
  /** The chosen file, or undefined when the browser's dialog was cancelled. */
  onFile(file: File | undefined): void;
  /** Name of the chosen file to show beside the button; null shows that none is chosen. */
  fileName: string | null;
  /** Id of the error text about this choice: marks the button invalid, so a failed submit focuses it. */
  errorId?: string;
  /** On the hidden input (tests hand it files); the button gets `-button`, the shown name `-name`. */
  'data-testid'?: string;
}

/**
 * A file choice in the panel's language. The browser's own file input says "Choose file / No file
 * chosen" in the browser's language whatever the panel speaks, so it stays hidden and a labelled
 * button opens it (Enter and Space work, as on any button). The ref reaches the hidden input, so a
 * caller can clear its value after an upload.
 */
export const FileInput = forwardRef<HTMLInputElement | null, FileInputProps>(function FileInput(
  { id, label, accept, disabled, onFile, fileName, errorId, 'data-testid': testId },
  ref,
) {
  const { t } = useTranslation(UI_NS);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const nameId = `${id}-name`;
  return (
    <div className="flex flex-col gap-1 text-start">
      <label id={labelId} htmlFor={id} className="text-sm">{label}</label>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Button id={buttonId} variant="secondary" disabled={disabled} onClick={() => input.current?.click()}
          aria-labelledby={`${labelId} ${buttonId}`} aria-describedby={[nameId, errorId].filter(Boolean).join(' ')}
          aria-invalid={errorId ? true : undefined} data-testid={testId ? `${testId}-button` : undefined}>
          {t('file.choose')}
        </Button>
        <span id={nameId} className="min-w-0 truncate text-sm text-gray-600 dark:text-gray-300" data-testid={testId ? `${testId}-name` : undefined}>
          {fileName ? <UserText>{fileName}</UserText> : t('file.none')}
        </span>
      </div>
      <input ref={input} id={id} type="file" accept={accept} disabled={disabled} className="hidden" tabIndex={-1} data-testid={testId}
        onChange={(e) => onFile(e.target.files?.[0])} />
    </div>
  );
});
