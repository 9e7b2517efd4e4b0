/**
 * The chat assistant's text matching (engage, part assistant): one normaliser, one tokeniser and one
 * fuzzy score, used by the server's answer route and the documentation viewer's search (both on the
 * server) and by the unit tests. Pure: no imports, no state.
 *
 * Why a normaliser before anything else: the same Persian question arrives typed on Arabic and
 * Persian keyboards (ي/ی, ك/ک), with or without the half-space (ZWNJ) between a word and its prefix
 * or suffix ("می‌خواهم", "می خواهم", "میخواهم"), with Persian or Arabic digits, diacritics or
 * tatweel. All of these must read as one text, or an administrator's FAQ entry matches only the
 * spelling they happened to type.
 */

const ARABIC_TO_PERSIAN: Record<string, string> = {
  'ي': 'ی', 'ى': 'ی', 'ئ': 'ی', 'ك': 'ک', 'ة': 'ه', 'ۀ': 'ه', 'ە': 'ه',
  'أ': 'ا', 'إ': 'ا', 'ٱ': 'ا', 'آ': 'ا', 'ؤ': 'و',
};

// Harakat, tanwin, shadda, sukun, superscript alef, hamza above/below, Quranic marks; tatweel.
const DIACRITICS = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// ZWNJ, ZWJ, LRM/RLM/ALM, soft hyphen, bidi embeddings and isolates, BOM: word joints, not letters.
const JOINERS = /[\u200C\u200D\u200E\u200F\u061C\u00AD\u202A-\u202E\u2066-\u2069\uFEFF]/g;
// Anything that is not a letter or a digit separates words (Persian ؟ ، ؛ « » included).
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/**
 * One spelling for a text: Arabic letters as Persian, Persian/Arabic digits as Latin, diacritics and
 * tatweel removed, half-spaces and every run of separators as one space, Latin lower-cased.
 */
export function normalizeText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(DIACRITICS, '')) {
    const code = ch.codePointAt(0) as number;
    if (code >= 0x06F0 && code <= 0x06F9) out += String(code - 0x06F0);
    else if (code >= 0x0660 && code <= 0x0669) out += String(code - 0x0660);
    else out += ARABIC_TO_PERSIAN[ch] ?? ch;
  }
  return out.replace(JOINERS, ' ').toLowerCase().replace(SEPARATORS, ' ').trim();
}

// Written apart, with a half-space or glued on: joined to their word so the three spellings are one token.
const PREFIXES = new Set(['می', 'نمی', 'بی']);
const SUFFIXES = new Set(['ها', 'های', 'هایی', 'ای', 'ام', 'ات', 'اش', 'ایم', 'اید', 'اند', 'تر', 'ترین', 'شان', 'مان', 'تان', 'ی']);
// Plural and possessive endings stripped from long tokens, so "پیامها" meets "پیام".
const ENDINGS = ['هایی', 'های', 'ها', 'ترین', 'تر'];

const STOP_WORDS = new Set([
  'و', 'در', 'به', 'از', 'که', 'را', 'با', 'این', 'ان', 'است', 'هست', 'چطور', 'چطوری', 'چگونه', 'چه', 'چی', 'یک', 'برای', 'کنم', 'کنیم', 'میکنم',
  'ایا', 'من', 'ما', 'شما', 'رو', 'هم', 'یا', 'اگر', 'تا', 'بر', 'کجا', 'کدام', 'باید', 'شود', 'میشود', 'کرد', 'کنید', 'بکنم', 'دارم', 'خود', 'خودم',
  'the', 'a', 'an', 'to', 'of', 'how', 'do', 'does', 'i', 'is', 'are', 'in', 'can', 'my', 'what', 'for', 'and', 'on', 'it', 'with', 'me', 'we',
  'you', 'your', 'where', 'which', 'should', 'be', 'or', 'at', 'by', 'from', 'there', 'this', 'that', 'please',
]);

/** The content words of a text: normalised, prefixes and suffixes joined to their word, light endings stripped, stop words dropped. */
export function tokenize(text: string): string[] {
  const raw = normalizeText(text).split(' ').filter(Boolean);
  const joined: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let word = raw[i];
    while (PREFIXES.has(word) && i + 1 < raw.length) word += raw[++i];
    if (SUFFIXES.has(word) && joined.length > 0 && /\p{Script=Arabic}/u.test(joined[joined.length - 1])) {
      joined[joined.length - 1] += word;
      continue;
    }
    joined.push(word);
  }
  return joined.map(stem).filter((w) => w.length > 0 && !STOP_WORDS.has(w));
}

function stem(word: string): string {
  for (const ending of ENDINGS) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

/** Character trigrams of a word or a compact text, padded so short words still have some. */
export function trigrams(text: string): Set<string> {
  const padded = ` ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice coefficient of two trigram sets (0..1). */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) return a.length > 0 ? 1 : 0;
  const ga = trigrams(a);
  const gb = trigrams(b);
  if (ga.size === 0 || gb.size === 0) return 0;
  let common = 0;
  for (const g of ga) if (gb.has(g)) common++;
  return (2 * common) / (ga.size + gb.size);
}

// Two words closer than this are the same word misspelt; below it they are different words.
const WORD_MATCH = 0.55;

/** A word with its trigrams, computed once per prepared text (comparisons are many, words few). */
export interface Token {
  word: string;
  grams: Set<string>;
}

const tokenOf = (word: string): Token => ({ word, grams: trigrams(word) });

function gramDice(a: Token, b: Token): number {
  if (a.word === b.word) return 1;
  const small = a.grams.size <= b.grams.size ? a.grams : b.grams;
  const large = small === a.grams ? b.grams : a.grams;
  // The best Dice two sets of these sizes can reach: below the word threshold, no need to count.
  if ((2 * small.size) / (small.size + large.size) < WORD_MATCH) return 0;
  let common = 0;
  for (const g of small) if (large.has(g)) common++;
  return (2 * common) / (small.size + large.size);
}

/** How much of `from` is found in `to`: each word's best fuzzy match, averaged (0..1). */
export function coverage(from: readonly (string | Token)[], to: readonly (string | Token)[]): number {
  if (from.length === 0 || to.length === 0) return 0;
  const source = from.map((w) => (typeof w === 'string' ? tokenOf(w) : w));
  const targets = to.map((w) => (typeof w === 'string' ? tokenOf(w) : w));
  const exact = new Set(targets.map((t) => t.word));
  let sum = 0;
  for (const word of source) {
    if (exact.has(word.word)) { sum += 1; continue; }
    let best = 0;
    for (const other of targets) {
      const s = gramDice(word, other);
      if (s > best) best = s;
    }
    if (best >= WORD_MATCH) sum += best;
  }
  return sum / source.length;
}

/** A text prepared once for many comparisons. */
export interface PreparedText {
  tokens: string[];
  /** The tokens with their trigrams. */
  words: Token[];
  /** The content words run together: spacing differences vanish here. */
  compact: string;
  compactGrams: Set<string>;
}

export function prepare(text: string): PreparedText {
  const tokens = tokenize(text);
  const compact = tokens.join('');
  return { tokens, words: tokens.map(tokenOf), compact, compactGrams: trigrams(compact) };
}

function setDice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const g of small) if (large.has(g)) common++;
  return (2 * common) / (a.size + b.size);
}

/**
 * A question against a short text (an FAQ question): mostly how much of the question is found in
 * it, some of the reverse (a question about one thing should not meet a question about three), and
 * the trigram similarity of the whole, which forgives spacing and one-letter slips.
 */
export function questionScore(question: PreparedText, candidate: PreparedText): number {
  if (question.tokens.length === 0 || candidate.tokens.length === 0) return 0;
  return 0.55 * coverage(question.words, candidate.words)
    + 0.2 * coverage(candidate.words, question.words)
    + 0.25 * (question.compact === candidate.compact ? 1 : setDice(question.compactGrams, candidate.compactGrams));
}

/** A keyword (one or more words) is matched when all its words are in the question. */
export function keywordScore(question: PreparedText, keyword: PreparedText): number {
  if (keyword.tokens.length === 0 || question.tokens.length === 0) return 0;
  return coverage(keyword.words, question.words);
}

/**
 * A question against a help page's section: its title, and how much of the question its body
 * holds (a long body is never "similar" to a short question as a whole, so no trigram of the whole).
 */
export function sectionScore(question: PreparedText, title: PreparedText, body: PreparedText): number {
  if (question.tokens.length === 0) return 0;
  const inTitle = coverage(question.words, title.words);
  const inBody = coverage(question.words, body.words);
  return Math.max(0.5 * inTitle + 0.5 * inBody, 0.85 * inBody);
}

/** Cosine similarity of two vectors of the same length (0 when either is empty or they differ in length). */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
