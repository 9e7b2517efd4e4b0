import { useRef, useState, type ClipboardEvent, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { FileInput } from '../../shared/ui/form/file-input';
import { TextField } from '../../shared/ui/form/text-field';
import { toLatinDigits } from '../../shared/ui/form/to-latin-digits';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import { addMobiles, mobilesIn } from './mobile-list';
import { hasClaim, useCurrentUser } from '../../shared/auth/current-user';
import { splitNumbers, uploadRecipients, type SendType, type UploadResult } from './sending-api';
import { NO_PHONEBOOKS, PhonebookRecipientsPicker, type PhonebookRecipients } from './phonebook-recipients';

export type RecipientsMode = 'manual' | 'clipboard' | 'upload' | 'phonebook';
const MODES: RecipientsMode[] = ['manual', 'clipboard', 'upload', 'phonebook'];

export interface Recipients { manual: string[]; clipboard: string; upload: UploadResult | null; phonebook: PhonebookRecipients }
export const NO_RECIPIENTS: Recipients = { manual: [], clipboard: '', upload: null, phonebook: NO_PHONEBOOKS };

export function hasRecipients(r: Recipients, mode: RecipientsMode): boolean {
  if (mode === 'phonebook') return r.phonebook.books.length > 0;
  return mode === 'manual' ? r.manual.length > 0 : mode === 'clipboard' ? r.clipboard.trim() !== '' : r.upload !== null;
}

/** The request fields of the chosen mode; the other modes' fields stay out of the body. */
export function recipientsBody(r: Recipients, mode: RecipientsMode) {
  return {
    receivers: mode === 'manual' ? r.manual : undefined,
    receiversText: mode === 'clipboard' ? toLatinDigits(r.clipboard) : undefined,
    recipientsUploadId: mode === 'upload' ? r.upload?.uploadId : undefined,
  };
}

interface RecipientsSectionProps {
  sendType: SendType;
  mode: RecipientsMode;
  onModeChange(mode: RecipientsMode): void;
  recipients: Recipients;
  setRecipients: Dispatch<SetStateAction<Recipients>>;
  error?: string;
  /** The form's errors: the phonebook choice shows its range and filter errors on their fields. */
  errors?: FieldErrors;
  /** The bulk SMS screen offers phonebooks (a send of its own kind); the voice screen does not. */
  allowPhonebook?: boolean;
  /** An upload clears the form's errors when it starts and reports the server's when it fails. */
  onErrors(errors: FieldErrors): void;
}

const RECEIVERS_ERROR_ID = 'send-receivers-error';

/** The compose screen's recipients: typed numbers, pasted text (bulk) or an uploaded file (bulk). */
export function RecipientsSection({ sendType, mode, onModeChange, recipients, setRecipients, error, errors = {}, allowPhonebook = false, onErrors }: RecipientsSectionProps) {
  const { api } = useApp();
  const { data: user } = useCurrentUser();
  // Phonebooks are read through the phonebook screens' claim.
  const modes = MODES.filter((m) => m !== 'phonebook' || (allowPhonebook && hasClaim(user, 'Phonebook.Manage')));
  const { t, i18n } = useTranslation('sending');
  const digits = useDigits();
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const switchMode = (next: RecipientsMode) => {
    if (next === mode) return;
    // The spec: switching between manual and clipboard clears the other's numbers; an upload cannot be combined with either.
    if (hasRecipients(recipients, mode)) showToast({ kind: 'info', message: t('modeSwitchCleared') });
    setRecipients(NO_RECIPIENTS);
    setMobile('');
    setMobileError(null);
    setFileName(null);
    if (fileInput.current) fileInput.current.value = '';
    onModeChange(next);
  };

  // One number or a pasted list: the valid new numbers join the list; what could not be added stays
  // in the field with the reason, so it can be corrected.
  const addMobile = (text = mobile) => {
    const change = addMobiles(recipients.manual, text);
    if (change.added.length > 0) setRecipients((r) => ({ ...r, manual: addMobiles(r.manual, change.added.join('\n')).list }));
    setMobile(change.invalid.join(', '));
    if (change.invalid.length > 0) {
      setMobileError(change.invalid.length === 1 && change.added.length === 0 ? t('invalidMobile') : t('invalidMobiles', { count: change.invalid.length, list: change.invalid.join(i18n.language === 'fa' ? '، ' : ', ') }));
    } else if (change.duplicates.length > 0 && change.added.length === 0) {
      setMobileError(t('alreadyAdded'));
    } else {
      setMobileError(null);
    }
  };
  // A pasted list is added at once; a single number waits for Add or Enter as typed ones do.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (mobilesIn(pasted).length < 2) return;
    event.preventDefault();
    addMobile(`${mobile}\n${pasted}`);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
    setUploading(true);
    setFileName(file.name);
    onErrors({});
    try {
      const result = await uploadRecipients(api, file, csv);
      setRecipients({ ...NO_RECIPIENTS, upload: result });
    } catch (e) {
      onErrors(errorsOf(e));
      setFileName(null);
      if (fileInput.current) fileInput.current.value = '';
    } finally { setUploading(false); }
  };

  // The recipients' error is tied to the control of the current mode, so a failed submit focuses it.
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': RECEIVERS_ERROR_ID } as const : {};
  const manualCount = recipients.manual.length;
  const clipboardCount = splitNumbers(recipients.clipboard).length;
  return (
    <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700" data-testid="send-recipients"
      aria-describedby={error ? 'send-receivers-error' : undefined}>
      <legend className="px-1 text-sm font-semibold">{t('recipients')}</legend>
      {sendType === 'Bulk' && (
        <div role="radiogroup" aria-label={t('recipients')} className="mb-3 flex flex-wrap gap-4">
          {modes.map((m) => (
            <label key={m} className="flex items-center gap-1 text-sm">
              <input type="radio" name="send-mode" value={m} checked={mode === m} onChange={() => switchMode(m)} data-testid={`send-mode-${m}`} />
              {t(`modes.${m}`)}
            </label>
          ))}
        </div>
      )}
      {mode === 'manual' && (
        <div>
          <div className="flex flex-wrap items-start gap-2">
            <TextField id="send-mobile" data-testid="send-mobile" label={t('mobile')} hint={t('mobileHint')} value={mobile} dir="ltr" inputMode="tel"
              className="min-w-0 flex-1 basis-56" error={mobileError} {...(mobileError ? {} : invalid)} onChange={(e) => setMobile(e.target.value)} onPaste={onPaste}
              onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); addMobile(); } }} />
            <Button variant="secondary" className="mt-6" onClick={() => addMobile()} data-testid="send-mobile-add">{t('add')}</Button>
          </div>
          <p className="mt-2 text-sm" data-testid="send-manual-count" data-count={manualCount}>{t('numbersCount', { n: digits(manualCount) })}</p>
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="send-manual-list">
            {recipients.manual.map((m) => (
              <li key={m} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-sm dark:bg-slate-700" data-testid="send-manual-item">
                <span dir="ltr">{digits(m)}</span>
                <button type="button" aria-label={t('remove')} className="text-red-700" onClick={() => setRecipients((r) => ({ ...r, manual: r.manual.filter((x) => x !== m) }))}>×</button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {mode === 'clipboard' && (
        <div>
          <label htmlFor="send-clipboard" className="mb-1 block text-sm">{t('pasteHere')}</label>
          <textarea id="send-clipboard" data-testid="send-clipboard" rows={6} dir="ltr" value={recipients.clipboard}
            onChange={(e) => setRecipients((r) => ({ ...r, clipboard: e.target.value }))} {...invalid}
            className="w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-800" />
          <p className="text-sm" data-testid="send-clipboard-count" data-count={clipboardCount}>{t('numbersCount', { n: digits(clipboardCount) })}</p>
        </div>
      )}
      {mode === 'upload' && (
        <div>
          <FileInput ref={fileInput} id="send-file" data-testid="send-file" label={t('file')} accept=".txt,.csv,text/plain,text/csv" disabled={uploading}
            fileName={fileName} onFile={(file) => void upload(file)} errorId={error ? RECEIVERS_ERROR_ID : undefined} />
          {uploading && <p className="text-sm" role="status">{t('uploading')}</p>}
          {recipients.upload && (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" data-testid="send-upload-result" data-valid={recipients.upload.validCount}>
              <span>{t('uploaded', { valid: digits(recipients.upload.validCount), wrong: digits(recipients.upload.wrongNumberCount), duplicate: digits(recipients.upload.duplicateCount) })}</span>
              <Button size="sm" variant="ghost" onClick={() => { setRecipients(NO_RECIPIENTS); setFileName(null); if (fileInput.current) fileInput.current.value = ''; }}>{t('removeUpload')}</Button>
            </div>
          )}
        </div>
      )}
      {mode === 'phonebook' && (
        <PhonebookRecipientsPicker value={recipients.phonebook} onChange={(phonebook) => setRecipients((r) => ({ ...r, phonebook }))} errors={errors} invalid={invalid} />
      )}
      {error && <p id={RECEIVERS_ERROR_ID} role="alert" className="mt-2 text-sm text-red-700" data-testid="send-receivers-error">{error}</p>}
    </fieldset>
  );
}
