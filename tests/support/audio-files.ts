/**
 * Small audio files built in the test from the format facts (no binary fixtures): a PCM WAV of a
 * given length, and MPEG-1 Layer III streams of silent frames (constant bitrate, or with a Xing or
 * VBRI frame-count header), optionally behind an ID3v2 tag.
 */

/** A PCM WAV: 8 kHz mono 8-bit by default (8,000 bytes a second), so a 30-second file is 240 KB. */
export function wavFile(seconds: number, sampleRate = 8_000, channels = 1, bitsPerSample = 8): Buffer {
  const blockAlign = channels * (bitsPerSample / 8);
  const byteRate = sampleRate * blockAlign;
  const dataBytes = Math.round(seconds * byteRate);
  const b = Buffer.alloc(44 + dataBytes, 0x80);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVE', 8, 'latin1');
  b.write('fmt ', 12, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(byteRate, 28);
  b.writeUInt16LE(blockAlign, 32);
  b.writeUInt16LE(bitsPerSample, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(dataBytes, 40);
  return b;
}

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo, no padding: 417 bytes and 1152 samples a frame. */
const MP3_HEADER = 0xfffb9000;
export const MP3_FRAME_BYTES = 417;
export const MP3_FRAME_SECONDS = 1152 / 44_100;

function mp3Frame(): Buffer {
  const f = Buffer.alloc(MP3_FRAME_BYTES, 0);
  f.writeUInt32BE(MP3_HEADER, 0);
  return f;
}

export function id3Tag(payloadBytes: number): Buffer {
  const t = Buffer.alloc(10 + payloadBytes, 0);
  t.write('ID3', 0, 'latin1');
  t[3] = 4;
  // The size as four 7-bit bytes (syncsafe).
  t[6] = (payloadBytes >> 21) & 0x7f;
  t[7] = (payloadBytes >> 14) & 0x7f;
  t[8] = (payloadBytes >> 7) & 0x7f;
  t[9] = payloadBytes & 0x7f;
  return t;
}

/** A constant-bitrate stream of `frames` frames (no VBR header: the reader must count them). */
export function mp3File(frames: number, options: { id3?: number } = {}): Buffer {
  const parts = Array.from({ length: frames }, mp3Frame);
  if (options.id3 !== undefined) parts.unshift(id3Tag(options.id3));
  return Buffer.concat(parts);
}

/** A stream whose first frame is a Xing header claiming `declaredFrames` (a few real frames follow). */
export function mp3WithXing(declaredFrames: number, tag: 'Xing' | 'Info' = 'Xing'): Buffer {
  const first = mp3Frame();
  const at = 4 + 32;
  first.write(tag, at, 'latin1');
  first.writeUInt32BE(1, at + 4);
  first.writeUInt32BE(declaredFrames, at + 8);
  return Buffer.concat([first, ...Array.from({ length: 4 }, mp3Frame)]);
}

/** A stream whose first frame is a VBRI header claiming `declaredFrames`. */
export function mp3WithVbri(declaredFrames: number): Buffer {
  const first = mp3Frame();
  const at = 4 + 32;
  first.write('VBRI', at, 'latin1');
  first.writeUInt16BE(1, at + 4);
  first.writeUInt32BE(declaredFrames, at + 14);
  return Buffer.concat([first, ...Array.from({ length: 4 }, mp3Frame)]);
}

/** A PNG signature and some bytes: a real image type the panel accepts elsewhere, never as voice. */
export function pngFile(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
}
