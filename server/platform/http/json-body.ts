import type { Request } from 'express';
import type { AnySchema } from 'ajv';
import { AppError } from './errors.js';
import { readRawBody } from './raw-body.js';

/**
 * JSON request bodies, read by the router only after the caller is authenticated (a signed-out
 * caller never makes the server read or parse a large body) and guarded while the bytes arrive:
 * nesting deeper than the route's schema allows, an array longer than the schema's longest, or a
 * body over the route's limit stops the read at once, before `JSON.parse` ever sees it. A NUL
 * character (which PostgreSQL refuses in text) is refused as 400 naming its field.
 */

/** How deep free-form parts of a schema (`{type: 'object'}` with no properties) may nest. */
const FREE_FORM_DEPTH = 8;
/** How long an array may be where the schema does not say (free-form values). */
const FREE_FORM_ITEMS = 1_000;

export interface BodyShape {
  /** Containers inside each other, the body's own object counting as 1. */
  maxDepth: number;
  /** The longest array anywhere in the body. */
  maxItems: number;
}

type Json = Record<string, unknown>;

/** The deepest nesting and the longest array a body valid against `schema` can have. */
export function bodyShape(schema: AnySchema | undefined): BodyShape {
  const exact = !schema || typeof schema !== 'object' ? { maxDepth: 1, maxItems: 0 } : walk(schema as Json, 0);
  // A little room over the exact shape, so a small mistake (an object where a string belongs) gets
  // the schema's field message; the guard is there against stalls, not to replace validation.
  return { maxDepth: exact.maxDepth + SHAPE_SLACK_DEPTH, maxItems: Math.max(exact.maxItems, SHAPE_MIN_ITEMS) };
}

const SHAPE_SLACK_DEPTH = 2;
const SHAPE_MIN_ITEMS = 100;

/** The larger of two shapes, part by part. */
function widest(a: BodyShape, b: BodyShape): BodyShape {
  return { maxDepth: Math.max(a.maxDepth, b.maxDepth), maxItems: Math.max(a.maxItems, b.maxItems) };
}

function walk(schema: Json, guard: number): BodyShape {
  if (guard > 32) return { maxDepth: FREE_FORM_DEPTH, maxItems: FREE_FORM_ITEMS };
  let out: BodyShape = { maxDepth: 0, maxItems: 0 };
  const merge = (s: BodyShape) => { out = widest(out, s); };
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const b of branches) if (b && typeof b === 'object') merge(walk(b as Json, guard + 1));
  }
  const types = Array.isArray(schema.type) ? schema.type as string[] : typeof schema.type === 'string' ? [schema.type] : [];
  const untyped = types.length === 0 && !schema.properties && !schema.items && !schema.enum && !schema.const && !schema.oneOf && !schema.anyOf && !schema.allOf;
  if (types.includes('object') || schema.properties || untyped) {
    const props = schema.properties as Record<string, Json> | undefined;
    const additional = schema.additionalProperties;
    let inner: BodyShape = { maxDepth: 0, maxItems: 0 };
    if (props) for (const p of Object.values(props)) inner = widest(inner, walk(p, guard + 1));
    if (additional && typeof additional === 'object') {
      inner = widest(inner, walk(additional as Json, guard + 1));
    } else if (additional !== false && !props) {
      // A free-form object (a plugin's or payment gateway's own settings): bounded, never open-ended.
      inner = { maxDepth: FREE_FORM_DEPTH - 1, maxItems: FREE_FORM_ITEMS };
    }
    merge({ maxDepth: 1 + inner.maxDepth, maxItems: inner.maxItems });
  }
  if (types.includes('array') || schema.items) {
    const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)
      ? walk(schema.items as Json, guard + 1)
      : { maxDepth: FREE_FORM_DEPTH - 1, maxItems: FREE_FORM_ITEMS };
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : FREE_FORM_ITEMS;
    merge({ maxDepth: 1 + items.maxDepth, maxItems: Math.max(max, items.maxItems) });
  }
  return out;
}

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, OPEN_ARRAY = 0x5b, CLOSE_ARRAY = 0x5d, OPEN_OBJECT = 0x7b, CLOSE_OBJECT = 0x7d;
const ZERO = 0x30, LETTER_U = 0x75;
const SPACE = 0x20, TAB = 0x09, LF = 0x0a, CR = 0x0d;

type ScanFault = 'tooDeep' | 'tooManyItems';

/**
 * A byte scanner that follows only what the guard needs: string and escape state, the stack of
 * open containers and how many items the open arrays hold so far. UTF-8 continuation bytes are all
 * ≥ 0x80, so none is mistaken for a structural character. Malformed JSON is left to `JSON.parse`.
 */
class JsonGuard {
  private inString = false;
  /** 0: none; 1: after a backslash; 2..5: reading the \u escape's hex digits. */
  private escape = 0;
  private escapeAllZero = false;
  private readonly arrays: boolean[] = [];
  private readonly counts: number[] = [];
  /** The open array holds a value that its next comma will close (so `[]` counts 0 items). */
  private readonly pending: boolean[] = [];
  sawNul = false;

  constructor(private readonly shape: BodyShape) {}

  feed(chunk: Uint8Array): ScanFault | null {
    const { arrays, counts, pending } = this;
    const maxDepth = this.shape.maxDepth;
    const maxItems = this.shape.maxItems;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (this.inString) {
        if (this.escape === 0) {
          if (b === QUOTE) this.inString = false;
          else if (b === BACKSLASH) this.escape = 1;
        } else if (this.escape === 1) {
          if (b === LETTER_U) { this.escape = 2; this.escapeAllZero = true; } else this.escape = 0;
        } else {
          if (b !== ZERO) this.escapeAllZero = false;
          if (this.escape === 5) {
            if (this.escapeAllZero) this.sawNul = true;
            this.escape = 0;
          } else this.escape += 1;
        }
        continue;
      }
      const top = arrays.length - 1;
      if (b === QUOTE) {
        this.inString = true;
        if (top >= 0 && arrays[top]) pending[top] = true;
      } else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
        if (top >= 0 && arrays[top]) pending[top] = true;
        if (arrays.length >= maxDepth) return 'tooDeep';
        arrays.push(b === OPEN_ARRAY);
        counts.push(0);
        pending.push(false);
      } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) {
        if (top >= 0 && arrays[top] && pending[top] && counts[top]! + 1 > maxItems) return 'tooManyItems';
        arrays.pop();
        counts.pop();
        pending.pop();
      } else if (b === COMMA) {
        if (top >= 0 && arrays[top]) {
          counts[top]! += 1;
          pending[top] = false;
          if (counts[top]! >= maxItems) return 'tooManyItems';
        }
      } else if (b !== SPACE && b !== TAB && b !== LF && b !== CR) {
        if (top >= 0 && arrays[top]) pending[top] = true;
      }
    }
    return null;
  }
}

export interface ReadBodyOptions {
  limitBytes: number;
  shape: BodyShape;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * The body as JSON, or undefined when there is none or it is not JSON (an upload route reads its
 * own stream). Throws 413, 400 (malformed, too deep, too many items, NUL) or 415 (compressed or not
 * UTF-8); on a refusal the rest of the body is left unread and the error handler closes the
 * connection.
 */
export async function readJsonBody(req: Request, options: ReadBodyOptions): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  const type = req.headers['content-type'] ?? '';
  if (!JSON_TYPE.test(type)) return undefined;
  const charset = /;\s*charset\s*=\s*"?([\w-]+)"?/i.exec(type)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new AppError(415, 'request.unsupportedMediaType');
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') throw new AppError(415, 'request.unsupportedMediaType');
  const guard = new JsonGuard(options.shape);
  const raw = await readRawBody(req, options.limitBytes, (chunk) => {
    const fault = guard.feed(chunk);
    return fault ? faultError(fault, options.shape) : null;
  });
  const text = raw.toString('utf8');

  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(400, 'request.malformedJson', {}, [{ propertyName: '', key: 'request.malformedJson' }]);
  }
  if (guard.sawNul) {
    const at = nulPath(value, '');
    if (at !== null) throw new AppError(400, 'status.400', {}, [{ propertyName: at, key: 'request.nulCharacter', params: { field: at || 'body' } }]);
  }
  return value;
}

function faultError(fault: ScanFault, shape: BodyShape): AppError {
  const key = fault === 'tooDeep' ? 'request.tooDeep' : 'request.tooManyItems';
  const params = fault === 'tooDeep' ? { limit: shape.maxDepth } : { limit: shape.maxItems };
  return new AppError(400, key, params, [{ propertyName: '', key, params }]);
}

/** Where the first NUL sits, as a property name (`bulkRecipients[2].description`), or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return path ? `${path}.${k.replace(/\u0000/g, '')}` : k.replace(/\u0000/g, '');
      const found = nulPath(v, path ? `${path}.${k}` : k);
      if (found !== null) return found;
    }
  }
  return null;
}

/** `1mb`, `512kb`, `32MB`, or a number of bytes. */
export function parseByteSize(size: string | number): number {
  if (typeof size === 'number') return size;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(size);
  if (!m) throw new Error(`not a byte size: ${size}`);
  const unit = (m[2] ?? 'b').toLowerCase();
  const factor = unit === 'gb' ? 1024 ** 3 : unit === 'mb' ? 1024 ** 2 : unit === 'kb' ? 1024 : 1;
  return Math.floor(Number(m[1]) * factor);
}
