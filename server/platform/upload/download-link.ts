import { randomBytes } from 'node:crypto';

/**
 * Keyed download links: a file fetched without a session (a browser following a link, a voice
 * provider fetching a file) is found by a random key alone, as unguessable as a session id: 32
 * random bytes, base64url (43 characters). The route's params accept `DOWNLOAD_KEY_PATTERN`.
 */
export function newDownloadKey(): string {
  return randomBytes(32).toString('base64url');
}

/** What a download route's `:token` may be (keys made before this helper included). */
export const DOWNLOAD_KEY_PATTERN = '^[A-Za-z0-9_-]{20,64}$';

/** `/api/<Controller>/<Action>/<key>`, or the same after `base` (an absolute origin) when given. */
export function downloadLink(routePath: string, key: string, base?: string): string {
  const pathPart = `${routePath.replace(/\/+$/, '')}/${key}`;
  return base ? `${base.replace(/\/+$/, '')}${pathPart}` : pathPart;
}
