/**
 * What an uploaded audio file is and how long it plays, read from its own bytes (never from the
 * file name or the browser's content type): WAV from its RIFF chunks, MP3 from its MPEG audio
 * frame headers (a Xing/Info or VBRI header when the encoder wrote one, else the sum of every
 * frame's duration). Pure: no I/O, so the same rules are unit-tested on generated files.
 */

export type AudioType = 'wav' | 'mp3';

export interface AudioProbe {
  type: AudioType;
  /** Exact playing time in seconds (fractions kept; pricing rounds up). */
  seconds: number;
}

/**
 * Answers null for anything that is not a WAV or MP3 we can time (an image, a text, a broken
 * header), and `compressedWav` for a WAV whose samples are compressed (ADPCM, GSM, …): its length
 * could only be taken from a header field a player does not go by.
 */
export function probeAudio(bytes: Buffer): AudioProbe | 'compressedWav' | null {
  if (isWav(bytes)) {
    const seconds = wavSeconds(bytes);
    if (seconds === 'unsupported') return 'compressedWav';
    return seconds === null ? null : { type: 'wav', seconds };
  }
  const seconds = mp3Seconds(bytes);
  return seconds === null ? null : { type: 'mp3', seconds };
}

function isWav(b: Buffer): boolean {
  return b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE';
}

/**
 * RIFF: chunks of (4-byte id, 4-byte little-endian size, data, a pad byte when the size is odd).
 * `fmt ` carries the encoding, channels, sample rate and bits per sample; `data` the samples. A
 * streaming writer may leave the data size as 0 or 0xFFFFFFFF: then the bytes that are there count.
 *
 * The price is the length, so the length must be the one a player hears: only sample formats whose
 * rate follows from the header (PCM, float, A-law, µ-law) are taken, and their bytes per second are
 * computed from sample rate × channels × bytes per sample. The header's own byte-rate field is never
 * used: players ignore it for these formats, so a file that lied there (a large byte rate) would
 * play minutes and be priced at a second.
 */
function wavSeconds(b: Buffer): WavResult {
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= b.length) {
    const id = b.toString('latin1', offset, offset + 4);
    const size = b.readUInt32LE(offset + 4);
    const start = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || start + 16 > b.length) return null;
      const rate = sampleFormatRate(b, start, size);
      if (rate === 'unsupported') return 'unsupported';
      if (rate === null) return null;
      byteRate = rate;
    } else if (id === 'data') {
      if (byteRate <= 0) return null;
      const available = b.length - start;
      const dataBytes = size === 0 || size > available ? available : size;
      return dataBytes / byteRate;
    }
    offset = start + size + (size % 2);
  }
  return null;
}

type WavResult = number | null | 'unsupported';

/** WAVE_FORMAT_PCM, _IEEE_FLOAT, _ALAW, _MULAW: formats whose every sample takes the same bytes. */
const SAMPLE_FORMATS = new Set([0x0001, 0x0003, 0x0006, 0x0007]);
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Bytes per second of a sample format, from its `fmt ` chunk at `start`; 'unsupported' for a
 * compressed one (ADPCM, GSM, MP3 in WAV), null for a header that cannot be played.
 */
function sampleFormatRate(b: Buffer, start: number, size: number): number | null | 'unsupported' {
  let format = b.readUInt16LE(start);
  // EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  if (format === WAVE_FORMAT_EXTENSIBLE) {
    if (size < 40 || start + 26 > b.length) return null;
    format = b.readUInt16LE(start + 24);
  }
  if (!SAMPLE_FORMATS.has(format)) return 'unsupported';
  const channels = b.readUInt16LE(start + 2);
  const sampleRate = b.readUInt32LE(start + 4);
  const bitsPerSample = b.readUInt16LE(start + 14);
  if (channels < 1 || bitsPerSample < 1 || bitsPerSample > 64 || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) return null;
  return sampleRate * channels * Math.ceil(bitsPerSample / 8);
}

/** Telephony's lowest and studio's highest rates: outside them no provider plays the file as sound. */
const MIN_SAMPLE_RATE = 4_000;
const MAX_SAMPLE_RATE = 192_000;

// MPEG audio frame header facts (ISO/IEC 11172-3 and 13818-3), in kbit/s by bitrate index 1..14.
const BITRATES: Record<string, number[]> = {
  'v1-l1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-l2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-l3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-l1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-l2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 25: [11025, 12000, 8000] };

interface Frame {
  length: number;
  samples: number;
  sampleRate: number;
  version: 1 | 2 | 25;
  mono: boolean;
}

/** The frame whose header starts at `o`, or null when the four bytes are not a valid header. */
export function readFrameHeader(b: Buffer, o: number): Frame | null {
  if (o + 4 > b.length) return null;
  const h = b.readUInt32BE(o);
  if ((h >>> 21) !== 0x7ff) return null;
  const versionBits = (h >>> 19) & 3;
  const layerBits = (h >>> 17) & 3;
  const bitrateIndex = (h >>> 12) & 15;
  const rateIndex = (h >>> 10) & 3;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const version: 1 | 2 | 25 = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 25;
  const layer = 4 - layerBits;
  const padding = (h >>> 9) & 1;
  const mono = ((h >>> 6) & 3) === 3;
  const table = version === 1 ? `v1-l${layer}` : layer === 1 ? 'v2-l1' : 'v2-l2';
  const bitrate = BITRATES[table][bitrateIndex - 1] * 1000;
  const sampleRate = SAMPLE_RATES[version][rateIndex];
  let samples: number;
  let length: number;
  if (layer === 1) {
    samples = 384;
    length = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  } else {
    samples = layer === 3 && version !== 1 ? 576 : 1152;
    length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  }
  return { length, samples, sampleRate, version, mono };
}

/** Skips an ID3v2 tag at the start: 10-byte header whose size is four 7-bit bytes, plus a footer when flagged. */
function afterId3(b: Buffer): number {
  if (b.length < 10 || b.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = ((b[6] & 0x7f) << 21) | ((b[7] & 0x7f) << 14) | ((b[8] & 0x7f) << 7) | (b[9] & 0x7f);
  const footer = (b[5] & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * A file is MP3 when (after an ID3v2 tag) it starts with a valid frame that is followed by another
 * valid frame (or ends with it): one stray 0xFFE sync in random bytes does not make an MP3.
 *
 * Its length is what a player plays: every frame in the file, found again past junk between frames
 * as a decoder resynchronises. A Xing/Info or VBRI frame count only ever adds to that (a header
 * that claims fewer frames than the file holds must not price minutes of audio as seconds).
 */
function mp3Seconds(b: Buffer): number | null {
  const start = afterId3(b);
  const first = readFrameHeader(b, start);
  if (!first) return null;
  const next = start + first.length;
  if (next < b.length && !readFrameHeader(b, next)) return null;

  let seconds = 0;
  let offset = start;
  while (offset < b.length) {
    const frame = readFrameHeader(b, offset);
    if (frame && offset + frame.length <= b.length) {
      seconds += frame.samples / frame.sampleRate;
      offset += frame.length;
    } else {
      const found = nextFrame(b, offset + 1);
      if (found < 0) break;
      offset = found;
    }
  }
  const fromHeader = vbrHeaderSeconds(b, start, first) ?? 0;
  const played = Math.max(seconds, fromHeader);
  return played > 0 ? played : null;
}

/**
 * Where a decoder would pick up again after bytes that are not a frame: the next valid header that
 * is followed by another valid header (or ends the file), or -1.
 */
function nextFrame(b: Buffer, from: number): number {
  for (let o = b.indexOf(0xff, from); o >= 0 && o + 4 <= b.length; o = b.indexOf(0xff, o + 1)) {
    const frame = readFrameHeader(b, o);
    if (!frame || o + frame.length > b.length) continue;
    const after = o + frame.length;
    if (after === b.length || readFrameHeader(b, after)) return o;
  }
  return -1;
}

/** A Xing/Info (after the side information) or VBRI (32 bytes after the header) frame count, when present. */
function vbrHeaderSeconds(b: Buffer, start: number, f: Frame): number | null {
  const sideInfo = f.version === 1 ? (f.mono ? 17 : 32) : (f.mono ? 9 : 17);
  const xing = start + 4 + sideInfo;
  if (xing + 12 <= b.length) {
    const tag = b.toString('latin1', xing, xing + 4);
    if ((tag === 'Xing' || tag === 'Info') && (b.readUInt32BE(xing + 4) & 1) === 1) {
      const frames = b.readUInt32BE(xing + 8);
      if (frames > 0) return (frames * f.samples) / f.sampleRate;
    }
  }
  const vbri = start + 4 + 32;
  if (vbri + 18 <= b.length && b.toString('latin1', vbri, vbri + 4) === 'VBRI') {
    const frames = b.readUInt32BE(vbri + 14);
    if (frames > 0) return (frames * f.samples) / f.sampleRate;
  }
  return null;
}
