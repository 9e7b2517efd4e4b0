import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { SendBody } from '../sending/sending-api';
import type { CalculationAnswer, CreatedSendAnswer } from '../../../../server/shared/sends/sends.answers';
import type { ImageAnswer, ImagePage, MediaAnswer, MediaPage } from '../../../../server/shared/media/media.answers';
import { IMAGE_MAX_BYTES } from '../../../../server/shared/media/image-rules';
import { VOICE_MAX_BYTES } from '../../../../server/shared/voice/voice-rules';

/** An uploaded voice file (`Media/*`) and the voice send's price preview: the server's answer contracts. */
export type Media = MediaAnswer;
export type VoiceCalculation = CalculationAnswer;
export type MediaImage = ImageAnswer;

/** `Media/*` and the voice send's preview and create (`ScheduledMessages/GetVoiceCalculations`, `CreateVoice`). */
export const voiceApi = {
  media: endpoint.get<MediaPage, { pageIndex?: number; pageSize: number }>('/Media/GetAll'),
  deleteMedia: endpoint.deleteById<null>('/Media/Delete'),
  images: endpoint.get<ImagePage, { pageIndex?: number; pageSize: number }>('/Media/GetAllImages'),
  preview: endpoint.post<SendBody, VoiceCalculation>('/ScheduledMessages/GetVoiceCalculations'),
  create: endpoint.post<SendBody, CreatedSendAnswer>('/ScheduledMessages/CreateVoice'),
};

/** The voice feature's SWR keys (the values the screens used before; lines are the lines feature's `myNumbers`). */
export const voiceKeys = {
  media: (pageIndex: number, pageSize: number) => ['media', pageIndex, pageSize] as const,
  /** The send screen's picker: the first 100 files. */
  mediaPicker: () => ['media', 'picker'] as const,
  images: (pageIndex: number, pageSize: number) => ['media-images', pageIndex, pageSize] as const,
};

export const VOICE_SEND_PATH = '/sending/voice';
export const MEDIA_LIST_PATH = '/sending/media';
export const MEDIA_IMAGES_PATH = '/sending/media-images';

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

/** A first look before an image upload (the server judges the bytes): size and the spec's extensions. */
export function precheckImageFile(file: File): 'tooLarge' | 'wrongType' | null {
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  if (!/\.(png|jpe?g)$/i.test(file.name)) return 'wrongType';
  return null;
}

export function uploadImageFile(api: ApiClient, file: File, onProgress: (percent: number) => void): Promise<MediaImage> {
  return api.post<MediaImage>('/Media/UploadImage', file, {
    query: { fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
  });
}
