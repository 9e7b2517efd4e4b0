import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { CheckboxField } from '../../shared/ui/form/checkbox-field';
import { FileInput } from '../../shared/ui/form/file-input';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { UserText } from '../../shared/ui/user-text';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { PreviewDialog } from '../sending/preview-dialog';
import { sendTimeProblem, useFormFailure } from '../sending/send-form-failure';
import { SmsCounter } from '../sending/sms-counter';
import { newSendId, outboxDetailPath } from '../sending/sending-api';
import { getMyNumbers, linesKeys, SEND_TYPE_FLAGS } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { P2P_ACTIONS, TRACKING_COLUMN, uploadP2PFile, type P2PCalculation, type P2PFile, type P2PMessageKind } from './p2p-api';
import { CodeSpans } from '../../shared/ui/rich-text';

const KINDS: P2PMessageKind[] = ['column', 'template', 'tracking'];
const FILE_ERROR_ID = 'p2p-file-error';

/** The file as read: counts, the detected columns and its first rows (user text, each cell its own direction). */
function FileSummary({ file, onRemove }: { file: P2PFile; onRemove(): void }) {
  const { t } = useTranslation('p2p');
  const digits = useDigits();
  return (
    <div className="grid gap-2 text-sm" data-testid="p2p-file-summary">
      <div className="flex flex-wrap items-center gap-3">
        <p data-testid="p2p-file-counts" data-rows={file.rowCount} data-valid={file.validCount}>
          {t('fileSummary', { rows: digits(file.rowCount), valid: digits(file.validCount), wrong: digits(file.wrongNumberCount), duplicate: digits(file.duplicateCount) })}
        </p>
        <Button size="sm" variant="secondary" onClick={onRemove} data-testid="p2p-file-remove">{t('removeFile')}</Button>
      </div>
      <div>
        <p className="font-semibold">{t('columns')}</p>
        <ul className="flex flex-wrap gap-1" data-testid="p2p-columns">
          {file.columns.map((c) => <li key={c} dir="ltr" className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-700" data-testid={`p2p-column-${c}`}>{c}</li>)}
        </ul>
      </div>
      {file.sampleRows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-xs" data-testid="p2p-sample" aria-label={t('sample')}>
            <caption className="text-start font-semibold">{t('sample')}</caption>
            <thead><tr>{file.columns.map((c) => <th key={c} scope="col" dir="ltr" className="border-b px-2 py-1 text-start">{c}</th>)}</tr></thead>
            <tbody>
              {file.sampleRows.map((row, i) => (
                <tr key={i}>{file.columns.map((c, k) => <td key={c} dir="auto" className="max-w-xs truncate border-b px-2 py-1"><UserText>{row[k] ?? ''}</UserText></td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {file.invalidSamples.length > 0 && (
        <p data-testid="p2p-invalid-samples"><span className="font-semibold">{t('invalidSamples')}:</span> <span dir="ltr">{file.invalidSamples.join('، ')}</span></p>
      )}
    </div>
  );
}

/**
 * The P2P send screen: a file of mobile + text (or mobile + columns filled into a template, or the
 * tracking-number send), read by the server with the spec's rules shown here; the duplicate
 * choice with its warning; line, schedule, the server's preview and the send.
 */
export function P2PSendPage() {
  const { api } = useApp();
  const { t, i18n } = useTranslation('p2p');
  const fa = (i18n.language ?? 'fa').startsWith('fa');
  const navigate = useNavigate();
  const { data: lines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('P2P'), () => getMyNumbers(api, { sendType: 'P2P' }));
  const lineItems = useMemo(() => (lines ?? []).map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);

  const [lineId, setLineId] = useState<number | null>(null);
  const [file, setFile] = useState<P2PFile | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [kind, setKind] = useState<P2PMessageKind>('column');
  const [template, setTemplate] = useState('');
  const [keepDuplicates, setKeepDuplicates] = useState(false);
  const [isFlash, setIsFlash] = useState(false);
  const [sendDirect, setSendDirect] = useState(true);
  const [sendDateTime, setSendDateTime] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const { errors, setErrors, formRef, fail } = useFormFailure(t('formInvalid'));
  const [calc, setCalc] = useState<P2PCalculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef<string>(newSendId());
  const fileInput = useRef<HTMLInputElement | null>(null);
  const templateArea = useRef<HTMLTextAreaElement>(null);
  const line = lines?.find((l) => l.id === lineId) ?? null;

  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUploading(true);
    setFileName(chosen.name);
    setFile(null);
    setErrors({});
    try {
      setFile(await uploadP2PFile(api, chosen));
    } catch (err) {
      fail(errorsOf(err), err);
      setFileName(null);
      if (fileInput.current) fileInput.current.value = '';
    } finally { setUploading(false); }
  };

  const removeFile = () => {
    setFile(null);
    setFileName(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const insertColumn = (column: string) => {
    const token = `{${column}}`;
    const el = templateArea.current;
    const start = el?.selectionStart ?? template.length;
    const end = el?.selectionEnd ?? template.length;
    setTemplate(template.slice(0, start) + token + template.slice(end));
    // Back to the text with the cursor after the placeholder, so a keyboard user carries on typing.
    requestAnimationFrame(() => { el?.focus(); el?.setSelectionRange(start + token.length, start + token.length); });
  };

  const body = () => ({
    senderNumberId: lineId ?? undefined,
    uploadId: file?.uploadId,
    smsBody: kind === 'column' ? null : template,
    p2PIsSendDuplicateNumber: keepDuplicates,
    isFlashSms: isFlash,
    sendDirect,
    sendDateTime: sendDirect ? null : sendDateTime,
    description: description.trim() || undefined,
  });

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!lineId) out.senderNumberId = t('required');
    if (!file) out.uploadId = t('fileRequired');
    else if (kind === 'column' && file.columns.length < 2) out.smsBody = t('needsTextColumn');
    else if (kind === 'tracking' && !file.columns.some((c) => c.toLowerCase() === TRACKING_COLUMN.toLowerCase())) out.uploadId = t('trackingMissing');
    if (kind !== 'column' && !template.trim()) out.smsBody = t('templateRequired');
    const timeProblem = sendTimeProblem(sendDirect, sendDateTime);
    if (timeProblem) out.sendDateTime = t(timeProblem);
    return out;
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    if (Object.keys(local).length) { fail(local); return; }
    setErrors({});
    setBusy(true);
    try {
      setCalc(await P2P_ACTIONS[kind].preview(api, body(), { quiet: true }));
      sendId.current = newSendId();
    } catch (err) { fail(errorsOf(err), err); } finally { setBusy(false); }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const send = await P2P_ACTIONS[kind].create(api, { ...body(), sendId: sendId.current }, { quiet: true });
      showToast({ kind: 'success', message: t(send.repeated ? 'repeated' : 'created') });
      setCalc(null);
      navigate(outboxDetailPath(send.id));
    } catch (err) {
      // A second click while the first is on its way: the first one answers.
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setCalc(null);
      fail(errorsOf(err), err);
    } finally { setBusy(false); }
  };

  const fileError = errors.file ?? errors.uploadId;
  return (
    <section data-testid="p2p-send-page">
      <PageHeader title={t('title')} />
      <section aria-labelledby="p2p-rules-title" className="mb-4 max-w-3xl rounded border border-sky-300 bg-sky-50 p-3 text-sm dark:bg-sky-950" data-testid="p2p-rules">
        <h2 id="p2p-rules-title" className="font-semibold">{t('rules.title')}</h2>
        <ul className="list-disc ps-5">
          {(['sheet', 'titles', 'mobile', 'text', 'duplicates'] as const).map((r) => <li key={r}><CodeSpans text={t(`rules.${r}`)} /></li>)}
        </ul>
        {/* A file that already keeps the rules, to fill in rather than to learn them from a refusal. */}
        <a className="mt-2 inline-block font-medium text-sky-700 underline dark:text-sky-300" href={api.address(`/ScheduledMessages/P2PTemplate?culture=${fa ? 'fa' : 'en'}`)}
          download="p2p-template.xlsx" data-testid="p2p-template-download">{t('rules.template')}</a>
      </section>
      <form ref={formRef} noValidate onSubmit={(e) => void preview(e)} className="grid max-w-3xl gap-4" data-testid="p2p-form">
        <ErrorSummary errors={errors} testId="p2p-errors" />
        <MissingLineNotice show={!linesLoading && lines?.length === 0} flags={SEND_TYPE_FLAGS.P2P} />
        <Select id="p2p-line" data-testid="p2p-line" label={t('line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.senderNumberId}
          onChange={(v) => { setLineId(v === null ? null : Number(v)); setIsFlash(false); }} />

        <div className="grid gap-2">
          <FileInput ref={fileInput} id="p2p-file" data-testid="p2p-file" label={t('file')} accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={uploading} fileName={fileName} onFile={(f) => void upload(f)} errorId={fileError ? FILE_ERROR_ID : undefined} />
          {uploading && <p className="text-sm" role="status" data-testid="p2p-uploading">{t('uploading')}</p>}
          {fileError && <p id={FILE_ERROR_ID} role="alert" className="text-sm text-red-700" data-testid="p2p-file-error">{fileError}</p>}
          {file && <FileSummary file={file} onRemove={removeFile} />}
        </div>

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('kind.label')}</legend>
          <div role="radiogroup" aria-label={t('kind.label')} className="mb-2 grid gap-1">
            {KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" name="p2p-kind" value={k} checked={kind === k} onChange={() => setKind(k)} data-testid={`p2p-kind-${k}`} />
                <span><CodeSpans text={t(`kind.${k}`)} /></span>
              </label>
            ))}
          </div>
          {kind !== 'column' && (
            <div>
              <label htmlFor="p2p-template" className="mb-1 block text-sm font-medium">{t('template')}<span className="text-red-600"> *</span></label>
              <textarea ref={templateArea} id="p2p-template" data-testid="p2p-template" rows={5} dir="auto" value={template} maxLength={5000}
                onChange={(e) => setTemplate(e.target.value)} aria-invalid={errors.smsBody ? true : undefined}
                aria-describedby={errors.smsBody ? 'p2p-counter p2p-template-error' : 'p2p-counter'}
                className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.smsBody ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
              <div id="p2p-counter"><SmsCounter text={template} /></div>
              {file && (
                <div className="mt-1" data-testid="p2p-template-columns">
                  <p className="text-sm text-slate-600 dark:text-slate-300">{t('templateHint', { open: '{{', close: '}}' })}</p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {file.columns.map((c) => (
                      <button key={c} type="button" dir="ltr" onClick={() => insertColumn(c)} data-testid={`p2p-insert-${c}`}
                        className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700">{`{${c}}`}</button>
                    ))}
                  </div>
                </div>
              )}
            </div>
          )}
          {errors.smsBody && <p id="p2p-template-error" role="alert" className="text-sm text-red-700" data-testid="p2p-template-error">{errors.smsBody}</p>}
        </fieldset>

        <div>
          <CheckboxField id="p2p-keep-duplicates" data-testid="p2p-keep-duplicates" label={t('keepDuplicates')} checked={keepDuplicates} onCheckedChange={setKeepDuplicates} />
          {keepDuplicates && (
            <p role="status" className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm dark:bg-amber-950" data-testid="p2p-duplicates-warning">{t('keepDuplicatesWarning')}</p>
          )}
        </div>
        <CheckboxField id="p2p-flash" data-testid="p2p-flash" label={t('flash')} checked={isFlash} onCheckedChange={setIsFlash}
          disabled={!!line && !line.isCanSendFlashSms} hint={line && !line.isCanSendFlashSms ? t('flashNotAllowed') : undefined} error={errors.isFlashSms} />

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('schedule')}</legend>
          <div className="my-2 flex gap-4">
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="p2p-when" checked={sendDirect} onChange={() => setSendDirect(true)} data-testid="p2p-now" />{t('sendNow')}</label>
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="p2p-when" checked={!sendDirect} onChange={() => setSendDirect(false)} data-testid="p2p-later" />{t('sendLater')}</label>
          </div>
          {!sendDirect && (
            <DateTimePicker id="p2p-datetime" data-testid="p2p-datetime" label={t('sendDateTime')} value={sendDateTime} required onChange={setSendDateTime} error={errors.sendDateTime} />
          )}
        </fieldset>
        <TextField id="p2p-description" data-testid="p2p-description" label={t('description')} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy && !calc} disabled={uploading} data-testid="p2p-preview-open">{t('preview')}</Button>
        </div>
      </form>
      {calc && (
        <PreviewDialog calc={calc} busy={busy} sendAt={sendDirect ? null : sendDateTime} notice={calc.duplicateWarning} onConfirm={() => void confirm()} onClose={() => setCalc(null)} />
      )}
    </section>
  );
}
