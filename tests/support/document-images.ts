import type { ApiClient, ApiResponse } from './api-client.js';

/** A PNG whose header says `width`×`height`, padded to `bytes` (the intake judges the header, nothing decodes it). */
export function pngImage(width = 400, height = 300, bytes = 2_000): Buffer {
  const head = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'latin1');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  head.writeUInt8(8, 24);
  head.writeUInt8(2, 25);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 1)]);
}

/** Posts an image as the raw body of a `Documents/Upload*` route (the API client sends only text bodies). */
export async function uploadDocument(api: ApiClient, token: string, action: 'UploadOrganizationDocument' | 'UploadUserDocument', query: Record<string, string | number>, bytes: Buffer, culture = 'en-US'): Promise<ApiResponse> {
  const url = new URL(`/api/Documents/${action}`, api.baseUrl);
  url.searchParams.set('culture', culture);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  return { status: res.status, body: JSON.parse(await res.text()), headers: res.headers };
}
