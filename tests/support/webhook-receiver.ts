import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  path: string;
  /** The raw query string (after `?`), as the signature covers it. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver does with one request: answer with a status, or never answer (a time-out). */
export type Behaviour = number | 'hang';

/**
 * A real HTTP endpoint for webhook tests (port 0). Each path answers by a script of behaviours,
 * one per request, the last one repeating; every request is recorded.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly hanging = new Set<() => void>();

  private constructor(private readonly server: Server, readonly base: string) {}

  static async start(): Promise<WebhookReceiver> {
    let self: WebhookReceiver | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => self!.handle(req.method ?? 'GET', req.url ?? '/', req.headers, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    self = new WebhookReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /** How `path` answers its next requests (default: 200). */
  script(path: string, behaviours: Behaviour[]): void {
    this.scripts.set(path, [...behaviours]);
  }

  to(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${path}: ${this.to(path).length} of ${count} requests arrived`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.to(path);
  }

  private handle(method: string, url: string, headers: IncomingHttpHeaders, body: string, res: import('node:http').ServerResponse): void {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    this.requests.push({ method, url, path, rawQuery: q < 0 ? '' : url.slice(q + 1), headers, body, at: Date.now() });
    const script = this.scripts.get(path) ?? [200];
    const next = script.length > 1 ? script.shift()! : script[0];
    if (next === 'hang') {
      const end = () => res.destroy();
      this.hanging.add(end);
      res.on('close', () => this.hanging.delete(end));
      return;
    }
    res.writeHead(next, { 'content-type': 'text/plain' });
    res.end(next >= 200 && next < 300 ? 'ok' : 'nope');
  }

  async close(): Promise<void> {
    for (const end of this.hanging) end();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
