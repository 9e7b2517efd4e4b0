import { GatewayUnavailableError } from './provider.js';

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body; null when the body was not JSON. */
  json: unknown;
}

/**
 * One JSON POST to a payment provider's API. A timeout, a network fault, a 5xx or a body that is
 * not JSON throws GatewayUnavailableError (no verdict on the payment); a 2xx or 4xx JSON answer is
 * returned for the provider to read, since both providers put their verdicts in 4xx bodies too.
 */
export async function postJson(provider: string, url: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<ProviderAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await res.text();
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    throw new GatewayUnavailableError(provider, name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'network error');
  }
  if (res.status >= 500) throw new GatewayUnavailableError(provider, `HTTP ${res.status}`);
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new GatewayUnavailableError(provider, `HTTP ${res.status}, not JSON`);
  }
}

/** A non-negative integer the provider sent as a number or a decimal string; null otherwise. */
export function integerOf(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^[0-9]{1,19}$/.test(value)) return BigInt(value);
  return null;
}

export function recordOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
