/** Images in the media library (the spec: png, jpg or jpeg, at most 1 MB); the panel's picker says the same. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const IMAGE_FILE_TYPES = ['png', 'jpg'] as const;
