import { request } from 'node:http';

export interface HostAnswer {
  status: number;
  body: any;
}

/**
 * A call with a chosen Host header (and any other headers): fetch will not send a Host of its own
 * choosing, and white-label domains are picked by it. Answers status and parsed JSON.
 */
export function callWithHost(baseUrl: string, method: string, apiPath: string, host: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<HostAnswer> {
  const url = new URL(`/api/${apiPath}`, baseUrl);
  if (!url.searchParams.has('culture')) url.searchParams.set('culture', 'en-US');
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`,
      headers: { host, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}), ...(options.headers ?? {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try { resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }); } catch { reject(new Error(`${method} ${apiPath} answered ${res.statusCode}: ${text.slice(0, 200)}`)); }
      });
    });
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
