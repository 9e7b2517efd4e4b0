import type { ApiClient } from '../../shared/api/api-client';
import { VOICE_MAX_BYTES } from '../../../../server/shared/voice/voice-rules';

export interface Media {
  id: number;
  title: string;
  fileType: 'mp3' | 'wav';
  fileSizePerKilobyte: number;
  sizeBytes: number;
  duration: number;
  durationSeconds: number;
  parts: number;
  url: string;
  createdAt: string;
}

export interface VoiceCalculation {
  recipientCount: number;
  blackListCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  smsParts: number;
  voiceSeconds: number;
  sendPrice: string;
  resolutionOfParliamentPrice: string;
  taxPrice: string;
  totalPrice: string;
  taxPercent: number | null;
}

export const VOICE_SEND_PATH = '/sending/voice';
export const MEDIA_LIST_PATH = '/sending/media';

/** A first look before the upload (the server judges the bytes): size and the two accepted extensions. */
export function precheckVoiceFile(file: File): 'tooLarge' | 'wrongType' | null {
  if (file.size > VOICE_MAX_BYTES) return 'tooLarge';
  if (!/\.(mp3|wav)$/i.test(file.name)) return 'wrongType';
  return null;
}

export function uploadVoiceFile(api: ApiClient, file: File, onProgress: (percent: number) => void): Promise<Media> {
  return api.post<Media>('/Media/Upload', file, {
    query: { fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
  });
}
