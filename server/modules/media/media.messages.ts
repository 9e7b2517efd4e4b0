import type { MessageCatalogue } from '../../platform/i18n.js';

export const mediaMessages: MessageCatalogue = {
  'media.notAudio': {
    fa: 'فایل صوتی باید MP3 یا WAV سالم باشد.',
    en: 'The voice file must be a valid MP3 or WAV file.',
  },
  'media.compressedWav': {
    fa: 'فایل WAV باید بدون فشرده‌سازی باشد (PCM، A-law یا µ-law)؛ آن را به این قالب‌ها یا MP3 تبدیل کنید.',
    en: 'A WAV file must be uncompressed (PCM, A-law or µ-law); convert it to one of these or to MP3.',
  },
  'media.tooLarge': {
    fa: 'حجم فایل صوتی حداکثر {{max}} مگابایت است.',
    en: 'The voice file can be at most {{max}} MB.',
  },
  'media.notImage': {
    fa: 'تصویر باید فایل PNG یا JPEG سالم باشد؛ نوع فایل از محتوای آن تشخیص داده می‌شود، نه از نامش.',
    en: 'The image must be a valid PNG or JPG (JPEG) file; the type is read from its content, not its name.',
  },
  'media.imageTooLarge': {
    fa: 'حجم تصویر حداکثر {{max}} مگابایت است.',
    en: 'The image can be at most {{max}} MB.',
  },
  'media.empty': { fa: 'فایلی ارسال نشد.', en: 'No file was sent.' },
  'media.notFound': { fa: 'فایل یافت نشد.', en: 'File not found.' },
  'media.inUse': {
    fa: 'این فایل در ارسالی که هنوز تمام نشده استفاده شده است و نمی‌توان آن را حذف کرد.',
    en: 'This file is used by a send that has not finished, so it cannot be deleted.',
  },
};
