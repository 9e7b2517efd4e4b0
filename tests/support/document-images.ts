import { crc32, deflateSync } from 'node:zlib';
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

/** A real, decodable PNG of one colour (a browser shows it; `pngImage` only has a header). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}
