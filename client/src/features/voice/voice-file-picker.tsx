import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../shared/app/app-context';
import { FileInput } from '../../shared/ui/form/file-input';
import { useDigits } from '../../shared/ui/use-digits';
import { errorsOf, type FieldErrors } from '../admin-common/kit';
import { precheckVoiceFile, uploadVoiceFile, type Media } from './voice-api';

/** Uploads one MP3/WAV with a progress bar; the server answers its length, shown by the caller. */
export function VoiceFileUpload({ onUploaded, onErrors, testId = 'voice-upload' }: { onUploaded(media: Media): void; onErrors(errors: FieldErrors): void; testId?: string }) {
  const { api } = useApp();
  const { t } = useTranslation('voice');
  const digits = useDigits();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const local = precheckVoiceFile(file);
    if (local) {
      onErrors({ voiceFile: t(local) });
      if (input.current) input.current.value = '';
      return;
    }
    onErrors({});
    setFileName(file.name);
    setPercent(0);
    try {
      onUploaded(await uploadVoiceFile(api, file, setPercent));
    } catch (e) {
      const errors = errorsOf(e);
      // The server names the field `file`; on this screen it belongs under the voice file.
      onErrors(errors.file ? { voiceFile: errors.file } : errors);
    } finally {
      setPercent(null);
      // The uploaded file shows as the caller's chosen media; the picker is ready for another.
      setFileName(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div>
      <FileInput ref={input} id={testId} data-testid={testId} label={t('uploadNew')} accept=".mp3,.wav,audio/mpeg,audio/wav,audio/x-wav" disabled={percent !== null}
        fileName={fileName} onFile={(file) => void upload(file)} />
      {percent !== null && (
        <div className="mt-2" role="status" data-testid={`${testId}-progress`}>
          <progress max={100} value={percent} className="w-64" aria-label={t('uploading', { percent: digits(percent) })} />
          <span className="ms-2 text-sm">{t('uploading', { percent: digits(percent) })}</span>
        </div>
      )}
    </div>
  );
}
