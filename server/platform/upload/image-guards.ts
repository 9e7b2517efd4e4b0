/**
 * An image's pixel size read from its own header (PNG's IHDR, JPEG's start-of-frame segment), so a
 * small file that would decode into a huge bitmap (a decompression bomb: 20,000 × 20,000 pixels in
 * a few kilobytes) is refused before anything decodes it. Pure: no I/O.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, …): C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function imageSize(bytes: Buffer, type: 'png' | 'jpeg'): ImageSize | null {
  return type === 'png' ? pngSize(bytes) : jpegSize(bytes);
}

/** The IHDR chunk comes first, right after the 8-byte signature: length, "IHDR", width, height (big-endian). */
function pngSize(b: Buffer): ImageSize | null {
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Segments after SOI: FF, marker, 2-byte length (itself included); the frame header holds height then width. */
function jpegSize(b: Buffer): ImageSize | null {
  let o = 2;
  while (o + 4 <= b.length) {
    if (b[o] !== 0xff) return null;
    const marker = b[o + 1];
    // Fill bytes and markers without a length (RSTn, TEM) carry no segment.
    if (marker === 0xff) { o++; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { o += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(o + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (o + 9 > b.length) return null;
      const height = b.readUInt16BE(o + 5);
      const width = b.readUInt16BE(o + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    o += 2 + length;
  }
  return null;
}
