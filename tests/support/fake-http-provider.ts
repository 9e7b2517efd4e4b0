import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A deterministic stand-in for an HTTP SMS / voice provider, for the contract fixtures of
 * plugins/http and plugins/voice and their unit tests. Outcome by the recipient's last digit:
 * `0` refused (BAD_NUMBER), `1` busy (BUSY, try again), anything else accepted; a recipient that is
 * not 5–15 digits is a 400. A report is final at once: FAILED for a last digit `9`, else DELIVERED.
 * Accepted ids are remembered by the caller's `ref`, so a repeated ref answers the first id
 * (an idempotent provider). Calls whose URL has `push=1` get their reports pushed to the webhook
 * target (`pushTo`), with the secret header, instead of waiting to be polled.
 */
export class FakeHttpProvider {
  static readonly API_KEY = 'fake-provider-key';

  private server: Server | null = null;
  private port = 1;
  private nextId = 0;
  private readonly byRef = new Map<string, string>();
  /** Reports ready for polling: provider id → status. */
  private readonly ready = new Map<string, string>();
  private target: { url: string; secret: string } | null = null;
  private readonly pushes = new Set<Promise<void>>();
  /** Every request as received, for tests that look at what was sent. */
  readonly received: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  /** Provider ids accepted so far, in order. */
  readonly accepted: string[] = [];

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.pushes]);
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Like setting the webhook address in a provider's panel. */
  pushTo(url: string, secret: string): void {
    this.target = { url, secret };
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      const url = new URL(req.url ?? '/', this.baseUrl);
      const answer = this.route(req.method ?? 'GET', url, req.headers, body);
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  }

  private route(method: string, url: URL, headers: IncomingMessage['headers'], body: string): { status: number; body: unknown } {
    const key = url.searchParams.get('key') ?? headers['x-api-key'];
    if (key !== FakeHttpProvider.API_KEY) return { status: 401, body: { ok: false, code: 'AUTH', text: 'bad key' } };
    const push = url.searchParams.get('push') === '1';
    const json = (): Record<string, unknown> => (body === '' ? {} : (JSON.parse(body) as Record<string, unknown>));
    try {
      // One message per GET, fields in the query.
      if (url.pathname === '/single' && method === 'GET') {
        const q = url.searchParams;
        return this.one(q.get('to') ?? '', q.get('ref') ?? '', push, (id) => ({ ok: true, result: { id } }));
      }
      // Per-message arrays in JSON; all or nothing.
      if (url.pathname === '/bulk' && method === 'POST') {
        const b = json();
        const to = b.to as string[];
        const refs = b.ref as string[];
        if (!Array.isArray(to) || !Array.isArray(refs) || to.length !== refs.length || !Array.isArray(b.text) || b.text.length !== to.length) {
          return { status: 400, body: { ok: false, code: 'SHAPE', text: 'to, ref and text must be arrays of one length' } };
        }
        if (to.some((n) => !/^\d{5,15}$/.test(n))) return { status: 400, body: { ok: false, code: 'BAD_NUMBER', text: 'invalid recipient' } };
        const ids = to.map((n, i) => this.accept(n, refs[i]!, push));
        return { status: 200, body: { ok: true, result: { ids } } };
      }
      // One text to many numbers, form-encoded, comma-separated numbers; ids in the order given.
      if (url.pathname === '/form' && method === 'POST') {
        const form = new URLSearchParams(body);
        const to = (form.get('to') ?? '').split(',');
        if (to.some((n) => !/^\d{5,15}$/.test(n))) return { status: 400, body: { ok: false, code: 'BAD_NUMBER', text: 'invalid recipient' } };
        if ((form.get('text') ?? '') === '') return { status: 200, body: { ok: false, code: 'EMPTY', text: 'empty text' } };
        return { status: 200, body: { ok: true, result: { ids: to.map((n) => this.accept(n, '', push)) } } };
      }
      // A voice call: JSON with an audio URL or a text to speak.
      if (url.pathname === '/voice/call' && method === 'POST') {
        const b = json();
        if (typeof b.audio !== 'string' && typeof b.tts !== 'string') return { status: 422, body: { ok: false, code: 'NO_MEDIA' } };
        if (typeof b.seconds !== 'number') return { status: 422, body: { ok: false, code: 'NO_SECONDS' } };
        return this.one(String(b.to ?? ''), String(b.ref ?? ''), push, (id) => ({ ok: true, call: { id } }));
      }
      if (url.pathname === '/status') {
        const ids = (method === 'GET' ? url.searchParams.get('ids') : new URLSearchParams(body).get('ids')) ?? '';
        const items = ids.split(',').flatMap((id) => (this.ready.has(id) ? [{ id, state: this.ready.get(id) }] : []));
        for (const item of items) this.ready.delete(item.id);
        return { status: 200, body: { items } };
      }
      const voiceStatus = /^\/voice\/status\/([^/]+)$/.exec(url.pathname);
      if (voiceStatus && method === 'GET') {
        const id = decodeURIComponent(voiceStatus[1]!);
        // A call it never placed is not its own: a real provider answers "no such call".
        if (!this.accepted.includes(id)) return { status: 404, body: { ok: false, code: 'NOT_FOUND' } };
        const state = this.ready.get(id);
        this.ready.delete(id);
        return { status: 200, body: { call: { id, result: state === undefined ? 'RINGING' : state === 'DELIVERED' ? 'ANSWERED' : 'NO_ANSWER' } } };
      }
    } catch (err) {
      return { status: 400, body: { ok: false, code: 'SHAPE', text: String(err) } };
    }
    return { status: 404, body: { ok: false, code: 'NOT_FOUND' } };
  }

  private one(to: string, ref: string, push: boolean, ok: (id: string) => unknown): { status: number; body: unknown } {
    if (!/^\d{5,15}$/.test(to)) return { status: 400, body: { ok: false, code: 'BAD_NUMBER', text: 'invalid recipient' } };
    if (to.endsWith('0')) return { status: 200, body: { ok: false, code: 'BAD_NUMBER', text: 'recipient refused' } };
    if (to.endsWith('1')) return { status: 200, body: { ok: false, code: 'BUSY', text: 'try later' } };
    return { status: 200, body: ok(this.accept(to, ref, push)) };
  }

  private accept(to: string, ref: string, push: boolean): string {
    const known = ref === '' ? undefined : this.byRef.get(ref);
    if (known !== undefined) return known;
    const id = `fp${++this.nextId}`;
    if (ref !== '') this.byRef.set(ref, id);
    this.accepted.push(id);
    const state = to.endsWith('9') ? 'FAILED' : 'DELIVERED';
    if (push && this.target) this.push(id, state, this.target);
    else this.ready.set(id, state);
    return id;
  }

  /** Pushes one report (JSON), trying again a few times like a provider whose call was not taken. */
  private push(id: string, state: string, target: { url: string; secret: string }): void {
    const work = (async () => {
      for (let attempt = 0; attempt < 20; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 10 + attempt * 50));
        try {
          const res = await fetch(target.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-peyk-webhook-secret': target.secret },
            body: JSON.stringify({ reports: [{ msgid: id, status: state }] }),
            signal: AbortSignal.timeout(2_000),
          });
          await res.arrayBuffer();
          if (res.ok) return;
        } catch {
          // the listener is gone or slow: try again
        }
      }
    })();
    this.pushes.add(work);
    void work.finally(() => this.pushes.delete(work));
  }
}
