/**
 * What a file is, judged from its first bytes only (never its name or the browser's content type).
 * The intake records the answer with every stored upload; a kind that lists `types` refuses the rest.
 * Deeper judgements (an MP3's frames, a CSV's encoding) stay with the kind's reader.
 */
export type DetectedType = 'zip' | 'ole2' | 'png' | 'jpeg' | 'wav' | 'mp3' | 'text' | 'unknown';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function detectType(head: Buffer): DetectedType {
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
  if (head.length >= 4 && head.readUInt32BE(0) === 0xd0cf11e0) return 'ole2';
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return 'wav';
  // Before the MPEG sync below: a UTF-16 little-endian mark (FF FE) has the sync's first 11 bits set.
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff))) return 'text';
  // An ID3v2 tag, or an MPEG audio frame sync (11 set bits): only a first look, the media reader times the frames.
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) return 'mp3';
  if (head.length > 0 && looksLikeTextBytes(head)) return 'text';
  return 'unknown';
}

/** No NUL in the first 64 KB (the CSV reader decides the encoding). */
function looksLikeTextBytes(head: Buffer): boolean {
  return !head.subarray(0, 64 * 1024).includes(0);
}
