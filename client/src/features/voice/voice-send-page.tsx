import { useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../shared/app/app-context';
import { useCurrentUser } from '../../shared/auth/current-user';
import { ApiError } from '../../shared/api/api-client';
import { DateTimePicker } from '../../shared/dates/date-time-picker';
import { Button } from '../../shared/ui/button';
import { cx } from '../../shared/ui/class-names';
import { ModalDialog } from '../../shared/ui/dialog/modal-dialog';
import { showToast } from '../../shared/ui/dialog/toast-store';
import { TextField } from '../../shared/ui/form/text-field';
import { PageHeader } from '../../shared/ui/page-header';
import { Select } from '../../shared/ui/select/select';
import { useDigits } from '../../shared/ui/use-digits';
import { ErrorSummary, errorsOf, type FieldErrors } from '../admin-common/kit';
import { Amount } from '../financial/money';
import { hasRecipients, NO_RECIPIENTS, RecipientsSection, recipientsBody, type Recipients, type RecipientsMode } from '../sending/recipients-section';
import { newSendId, outboxDetailPath } from '../sending/sending-api';
import { getMyNumbers, linesKeys } from '../lines/lines-api';
import { MissingLineNotice } from '../lines/missing-line-notice';
import { PreviewRow } from '../sending/preview-dialog';
import { spokenText, VOICE_HELPERS, VOICE_TEXT_MAX_LENGTH, voiceParts, voiceTextSeconds, type VoiceHelper, type VoiceSendingMethod } from '../../../../server/shared/voice/voice-rules';
import { VoiceFileUpload } from './voice-file-picker';
import { voiceApi, voiceKeys, type VoiceCalculation } from './voice-api';

const HELPER_ORDER: VoiceHelper[] = ['delay', 'fathe', 'kasre', 'zame', 'tashdid', 'sokoon'];

/**
 * The voice send screen: a Voice line, a file (uploaded here with progress, or one of the media
 * list) or text to voice with the pronunciation helpers, recipients, time, then the server's price
 * (parts = started 30 seconds per recipient) and the send.
 */
export function VoiceSendPage() {
  const { api } = useApp();
  const { t } = useTranslation('voice');
  const digits = useDigits();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const { data: allLines, isLoading: linesLoading } = useSWR(linesKeys.myNumbers('Bulk'), () => getMyNumbers(api, { sendType: 'Bulk' }));
  const { data: mediaPage, mutate: reloadMedia } = useSWR(voiceKeys.mediaPicker(), () => voiceApi.media(api, { pageSize: 100 }));
  const lines = useMemo(() => (allLines ?? []).filter((l) => l.agentType === 'Voice'), [allLines]);
  const lineItems = useMemo(() => lines.map((l) => ({ id: l.id, title: l.mask ? `${l.number} (${l.mask})` : l.number })), [lines]);

  const [lineId, setLineId] = useState<number | null>(null);
  const [method, setMethod] = useState<VoiceSendingMethod>('File');
  const [mediaId, setMediaId] = useState<number | null>(null);
  const [voiceText, setVoiceText] = useState('');
  const [mode, setMode] = useState<RecipientsMode>('manual');
  const [recipients, setRecipients] = useState<Recipients>(NO_RECIPIENTS);
  const [sendDirect, setSendDirect] = useState(true);
  const [sendDateTime, setSendDateTime] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [calc, setCalc] = useState<VoiceCalculation | null>(null);
  const [busy, setBusy] = useState(false);
  const sendId = useRef<string>(newSendId());
  const textArea = useRef<HTMLTextAreaElement>(null);

  const mediaItems = useMemo(() => (mediaPage?.items ?? []).map((m) => ({ id: m.id, title: m.title, media: m })), [mediaPage]);
  const media = mediaPage?.items.find((m) => m.id === mediaId) ?? null;
  const textSeconds = spokenText(voiceText) ? voiceTextSeconds(voiceText) : 0;

  const insertHelper = (helper: VoiceHelper) => {
    const token = VOICE_HELPERS[helper];
    const el = textArea.current;
    const start = el?.selectionStart ?? voiceText.length;
    const end = el?.selectionEnd ?? voiceText.length;
    const next = (voiceText.slice(0, start) + token + voiceText.slice(end)).slice(0, VOICE_TEXT_MAX_LENGTH);
    setVoiceText(next);
    // Back to the text with the cursor after the mark, so typing (and the keyboard user) carries on.
    requestAnimationFrame(() => { el?.focus(); el?.setSelectionRange(start + token.length, start + token.length); });
  };

  const body = () => ({
    senderNumberId: lineId ?? undefined,
    sendingMethod: method,
    voiceFile: method === 'File' ? mediaId ?? undefined : undefined,
    voiceText: method === 'Text' ? voiceText : undefined,
    sendDirect,
    sendDateTime: sendDirect ? null : sendDateTime,
    description: description.trim() || undefined,
    ...recipientsBody(recipients, mode),
  });

  const check = (): FieldErrors => {
    const out: FieldErrors = {};
    if (!lineId) out.senderNumberId = t('required');
    if (method === 'File' && !mediaId) out.voiceFile = t('required');
    if (method === 'Text' && !voiceText.trim()) out.voiceText = t('required');
    else if (method === 'Text' && !spokenText(voiceText)) out.voiceText = t('nothingSpoken');
    if (!hasRecipients(recipients, mode)) out.receivers = t('noRecipients');
    if (!sendDirect) {
      if (!sendDateTime) out.sendDateTime = t('required');
      else if (new Date(sendDateTime).getTime() <= Date.now()) out.sendDateTime = t('dateExpired');
    }
    return out;
  };

  const preview = async (e: FormEvent) => {
    e.preventDefault();
    const local = check();
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      setCalc(await voiceApi.preview(api, body(), { quiet: true }));
      sendId.current = newSendId();
    } catch (err) { setErrors(errorsOf(err)); } finally { setBusy(false); }
  };

  const confirm = async () => {
    setBusy(true);
    try {
      const send = await voiceApi.create(api, { ...body(), sendId: sendId.current }, { quiet: true });
      showToast({ kind: 'success', message: t(send.repeated ? 'repeated' : 'created') });
      setCalc(null);
      navigate(outboxDetailPath(send.id));
    } catch (err) {
      // A second click while the first is on its way: the first one answers.
      if (err instanceof ApiError && err.kind === 'duplicate') return;
      setCalc(null);
      setErrors(errorsOf(err));
    } finally { setBusy(false); }
  };

  const recipientsError = errors.receivers ?? errors.receiversText ?? errors.recipientsUploadId;
  return (
    <section data-testid="voice-send-page">
      <PageHeader title={t('title')} />
      {user && user.isCanSendVoice === false && (
        <p role="alert" className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950" data-testid="voice-not-allowed">{t('notAllowed')}</p>
      )}
      <form noValidate onSubmit={(e) => void preview(e)} className="grid max-w-3xl gap-4" data-testid="voice-form">
        <ErrorSummary errors={errors} testId="voice-errors" />
        {/* No flag is missing here: a voice send needs a line on a Voice sender agent. */}
        <MissingLineNotice show={!linesLoading && lines.length === 0} flags={[]} askText={t('noLineAsk')} fixText={t('noLineFix')} />
        <Select id="voice-line" data-testid="voice-line" label={t('line')} items={lineItems} value={lineId ?? ''} loading={linesLoading} required
          error={errors.senderNumberId}
          onChange={(v) => setLineId(v === null ? null : Number(v))} />

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('sendingMethod')}</legend>
          <div role="radiogroup" aria-label={t('sendingMethod')} className="mb-3 flex gap-4">
            {(['File', 'Text'] as const).map((m) => (
              <label key={m} className="flex items-center gap-1 text-sm">
                <input type="radio" name="voice-method" value={m} checked={method === m} onChange={() => setMethod(m)} data-testid={`voice-method-${m}`} />
                {t(`methods.${m}`)}
              </label>
            ))}
          </div>
          {method === 'File' ? (
            <div className="grid gap-3">
              <Select id="voice-file" data-testid="voice-file" label={t('voiceFile')} placeholder={t('chooseFile')} items={mediaItems} value={mediaId ?? ''}
                hint={mediaPage && mediaPage.items.length === 0 ? t('noFiles') : undefined} error={errors.voiceFile}
                onChange={(v) => setMediaId(v === null ? null : Number(v))} />
              <VoiceFileUpload onErrors={setErrors} onUploaded={(m) => { void reloadMedia(); setMediaId(m.id); showToast({ kind: 'success', message: t('media.uploaded') }); }} />
              {media && (
                <p className="text-sm" data-testid="voice-file-info" data-seconds={media.durationSeconds} data-parts={media.parts}>
                  {t('fileInfo', { title: media.title, seconds: digits(media.durationSeconds), parts: digits(media.parts) })}
                </p>
              )}
            </div>
          ) : (
            <div>
              <label htmlFor="voice-text" className="mb-1 block text-sm font-medium">{t('voiceText')}<span className="text-red-600"> *</span></label>
              <div role="toolbar" aria-label={t('helpers')} className="mb-2 flex flex-wrap gap-2" data-testid="voice-helpers">
                {HELPER_ORDER.map((h) => (
                  <Button key={h} size="sm" variant="secondary" onClick={() => insertHelper(h)} data-testid={`voice-helper-${h}`}>{t(`helper.${h}`)}</Button>
                ))}
              </div>
              <textarea ref={textArea} id="voice-text" data-testid="voice-text" rows={6} dir="auto" value={voiceText} maxLength={VOICE_TEXT_MAX_LENGTH}
                onChange={(e) => setVoiceText(e.target.value)} aria-invalid={errors.voiceText ? true : undefined} aria-describedby={errors.voiceText ? 'voice-estimate voice-helper-hint voice-text-error' : 'voice-estimate voice-helper-hint'}
                className={cx('w-full rounded border px-3 py-2 text-start dark:bg-slate-800', errors.voiceText ? 'border-red-600' : 'border-slate-300 dark:border-slate-600')} />
              <p id="voice-helper-hint" className="text-xs text-slate-500">{t('helperHint')}</p>
              <p id="voice-estimate" className="text-sm" data-testid="voice-estimate" data-seconds={textSeconds} data-parts={textSeconds ? voiceParts(textSeconds) : 0}>
                {textSeconds ? t('estimate', { seconds: digits(textSeconds), parts: digits(voiceParts(textSeconds)) }) : null}
              </p>
              {errors.voiceText && <p id="voice-text-error" role="alert" className="text-sm text-red-700" data-testid="voice-text-error">{errors.voiceText}</p>}
            </div>
          )}
        </fieldset>

        <RecipientsSection sendType="Bulk" mode={mode} onModeChange={setMode} recipients={recipients} setRecipients={setRecipients}
          error={recipientsError} onErrors={setErrors} />

        <fieldset className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{t('schedule')}</legend>
          <div className="my-2 flex gap-4">
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="voice-when" checked={sendDirect} onChange={() => setSendDirect(true)} data-testid="voice-now" />{t('sendNow')}</label>
            <label className="flex items-center gap-1 text-sm"><input type="radio" name="voice-when" checked={!sendDirect} onChange={() => setSendDirect(false)} data-testid="voice-later" />{t('sendLater')}</label>
          </div>
          {!sendDirect && (
            <DateTimePicker id="voice-datetime" data-testid="voice-datetime" label={t('sendDateTime')} value={sendDateTime} required onChange={setSendDateTime} error={errors.sendDateTime} />
          )}
        </fieldset>
        <TextField id="voice-description" data-testid="voice-description" label={t('description')} value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        <div className="flex justify-end">
          <Button type="submit" loading={busy && !calc} data-testid="voice-preview-open">{t('preview')}</Button>
        </div>
      </form>
      {calc && (
        <ModalDialog open onClose={() => setCalc(null)} title={t('calc.title')} size="md" data-testid="voice-preview"
          footer={(
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setCalc(null)}>{t('calc.cancel')}</Button>
              <Button loading={busy} disabled={calc.recipientCount === 0} onClick={() => void confirm()} data-testid="voice-preview-confirm">{t('calc.confirm')}</Button>
            </div>
          )}>
          <dl className="text-sm">
            <PreviewRow label={t('calc.recipients')} testId="voice-calc-recipients">{digits(calc.recipientCount)}</PreviewRow>
            <PreviewRow label={t('calc.seconds')} testId="voice-calc-seconds">{digits(calc.voiceSeconds ?? 0)}</PreviewRow>
            <PreviewRow label={t('calc.parts')} testId="voice-calc-parts">{digits(calc.smsParts)}</PreviewRow>
            <PreviewRow label={t('calc.blackList')} testId="voice-calc-blacklist">{digits(calc.blackListCount)}</PreviewRow>
            <PreviewRow label={t('calc.wrong')} testId="voice-calc-wrong">{digits(calc.wrongNumberCount)}</PreviewRow>
            <PreviewRow label={t('calc.duplicate')} testId="voice-calc-duplicate">{digits(calc.duplicateCount)}</PreviewRow>
            <PreviewRow label={t('calc.price')} testId="voice-calc-price-row"><Amount value={calc.sendPrice} testId="voice-calc-price" /></PreviewRow>
            <PreviewRow label={t('calc.levy')} testId="voice-calc-levy-row"><Amount value={calc.resolutionOfParliamentPrice} /></PreviewRow>
            <PreviewRow label={t('calc.vat', { percent: digits(calc.taxPercent ?? 0) })} testId="voice-calc-vat-row"><Amount value={calc.taxPrice} /></PreviewRow>
            <PreviewRow label={t('calc.total')} testId="voice-calc-total-row"><Amount value={calc.totalPrice} testId="voice-calc-total" /></PreviewRow>
          </dl>
        </ModalDialog>
      )}
    </section>
  );
}
