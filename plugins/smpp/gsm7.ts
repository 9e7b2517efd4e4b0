/**
 * GSM 03.38 default alphabet and its extension table, written out here rather than taken from the
 * `smpp` library: its encoder turns unknown characters into spaces silently, and this plugin must
 * send exactly what the panel counted (sms-text.ts decides gsm7 with the same two tables).
 */

// Index = septet value. 0x1B is the escape to the extension table, never a character of its own.
const BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION: Record<string, number> = { '\f': 0x0a, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2f, '[': 0x3c, '~': 0x3d, ']': 0x3e, '|': 0x40, '€': 0x65 };
const ESC = 0x1b;

const basicCode = new Map<string, number>();
for (let i = 0; i < BASIC.length; i++) if (i !== ESC) basicCode.set(BASIC[i]!, i);
const extensionChar = new Map<number, string>(Object.entries(EXTENSION).map(([ch, code]) => [code, ch]));

/** True when every character has a GSM-7 septet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basicCode.has(ch) && !(ch in EXTENSION)) return false;
  return true;
}

/**
 * One septet per octet ("unpacked", what most centres expect on SMPP); an extension character is
 * ESC + its code. A character outside both tables throws: the caller decided gsm7 wrongly.
 */
export function encodeGsm7(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const basic = basicCode.get(ch);
    if (basic !== undefined) out.push(basic);
    else if (ch in EXTENSION) out.push(ESC, EXTENSION[ch]!);
    else throw new Error(`character U+${ch.codePointAt(0)!.toString(16).padStart(4, '0')} is not in the GSM 03.38 alphabet`);
  }
  return Buffer.from(out);
}

/** Unpacked septets back to text; an unknown extension code reads as the basic character (03.38 says so). */
export function decodeGsm7(septets: Buffer): string {
  let text = '';
  for (let i = 0; i < septets.length; i++) {
    const s = septets[i]! & 0x7f;
    if (s === ESC && i + 1 < septets.length) {
      const next = septets[++i]! & 0x7f;
      text += extensionChar.get(next) ?? BASIC[next];
    } else if (s !== ESC) text += BASIC[s];
  }
  return text;
}

/**
 * Packs septets 8-into-7. `headerOctets` is the length of a UDH that will sit in front: the text
 * then starts on the next septet boundary (fill bits), as handsets expect; the returned buffer has
 * room for the header at its start (zeroes, the caller copies the UDH in).
 */
export function packSeptets(septets: Buffer, headerOctets = 0): Buffer {
  const startSeptet = Math.ceil((headerOctets * 8) / 7);
  const totalBits = (startSeptet + septets.length) * 7;
  const out = Buffer.alloc(Math.ceil(totalBits / 8));
  let bit = startSeptet * 7;
  for (const s of septets) {
    const byte = bit >> 3;
    const shift = bit & 7;
    out[byte]! |= (s << shift) & 0xff;
    if (shift > 1) out[byte + 1]! |= s >> (8 - shift);
    bit += 7;
  }
  return out;
}

/** The inverse of packSeptets for `count` septets after a header of `headerOctets`. */
export function unpackSeptets(packed: Buffer, count: number, headerOctets = 0): Buffer {
  const startSeptet = Math.ceil((headerOctets * 8) / 7);
  const out = Buffer.alloc(count);
  for (let i = 0; i < count; i++) {
    const bit = (startSeptet + i) * 7;
    const byte = bit >> 3;
    const shift = bit & 7;
    let v = packed[byte]! >> shift;
    if (shift > 1) v |= (packed[byte + 1] ?? 0) << (8 - shift);
    out[i] = v & 0x7f;
  }
  return out;
}
