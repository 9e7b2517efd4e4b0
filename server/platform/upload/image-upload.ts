import { fieldError } from '../http/errors.js';
import { fileTooLarge, type ImageLimits, type UploadKind } from './upload-intake.service.js';

/**
 * The image kind the intake knows (png/jpeg, judged from the bytes): a byte limit and pixel limits
 * read from the header, each refused on `file` (413 `upload.tooLarge`, 400 `upload.notImage`,
 * 400 `upload.imageTooLarge`). A module that takes images (MMS media, a logo) declares one with its
 * own name and limits and hands it to `UploadIntake.receive`.
 */
export function imageUploadKind(name: string, limits: ImageLimits & { maxBytes: number }): UploadKind {
  const { maxBytes, ...pixels } = limits;
  return {
    name,
    maxBytes,
    tooLarge: fileTooLarge('upload.tooLarge'),
    empty: () => fieldError('file', 'upload.notImage'),
    types: ['png', 'jpeg'],
    wrongType: () => fieldError('file', 'upload.notImage'),
    image: pixels,
    badImage: (reason, size) => (reason === 'tooLarge' && size
      ? fieldError('file', 'upload.imageTooLarge', { width: size.width, height: size.height, ...pixels })
      : fieldError('file', 'upload.notImage')),
  };
}
