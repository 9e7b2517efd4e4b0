import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * Local stand-ins for two Iranian payment gateways, each speaking its provider's documented REST
 * protocol (written from the public docs, not from any provider's code): Zarinpal v4
 * (`/pg/v4/payment/request.json`, `/pg/v4/payment/verify.json`, `/pg/StartPay/{authority}`) and
 * IDPay v1.1 (`/v1.1/payment`, `/v1.1/payment/verify`, `/p/ws/{id}`). The pay page has two links,
 * `#pay` and `#cancel`, that send the browser back to the merchant's callback the way the provider
 * does. Knobs for tests: `hang` (the API never answers: a timeout), `paidAmount(authority, rials)`
 * (the payer paid another amount than requested), `received` (every API call as sent).
 */
abstract class FakePaymentProvider {
  private server: Server | null = null;
  private port = 1;
  private readonly hung = new Set<ServerResponse>();
  /** While true, API calls (not the pay page) get no answer until `hang` is turned off or the server stops. */
  hang = false;
  readonly received: { path: string; headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => this.receive(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const res of this.hung) res.destroy();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.baseUrl);
      if (req.method === 'GET') { this.page(url, res); return; }
      let body: Record<string, unknown> = {};
      try { body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>; } catch { /* answered as a validation error below */ }
      this.received.push({ path: url.pathname, headers: req.headers, body });
      if (this.hang) { this.hung.add(res); return; }
      const [status, answer] = this.api(url.pathname, req.headers, body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  }

  private page(url: URL, res: ServerResponse): void {
    const links = this.payLinks(url.pathname);
    if (!links) { res.writeHead(404, { 'content-type': 'text/html' }).end('<p>not found</p>'); return; }
    if (url.searchParams.get('do')) {
      const target = url.searchParams.get('do') === 'pay' ? links.pay() : links.cancel();
      res.writeHead(302, { location: target }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(
      `<!doctype html><html><body><h1>${this.constructor.name}</h1><p id="amount">${links.amount}</p>` +
      `<p><a id="pay" href="${url.pathname}?do=pay">Pay</a></p><p><a id="cancel" href="${url.pathname}?do=cancel">Cancel</a></p></body></html>`,
    );
  }

  protected abstract api(path: string, headers: Record<string, string | string[] | undefined>, body: Record<string, unknown>): [number, unknown];
  protected abstract payLinks(path: string): { amount: string; pay: () => string; cancel: () => string } | null;
}

interface Txn {
  amount: number;
  /** What the payer actually paid (differs only when a test says so). */
  paid: number;
  callback: string;
  orderId: string;
  state: 'new' | 'paid' | 'cancelled' | 'verified';
  ref: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Zarinpal REST v4: amounts in rials (IRR) unless `currency: 'IRT'` (toman). */
export class FakeZarinpal extends FakePaymentProvider {
  static readonly MERCHANT_ID = '1344b5d4-0048-11e8-94db-005056a205be';
  readonly txns = new Map<string, Txn>();
  private nextRef = 1000;

  get apiUrl(): string { return `${this.baseUrl}/pg/v4/payment`; }
  get startPayUrl(): string { return `${this.baseUrl}/pg/StartPay`; }

  paidAmount(authority: string, rials: number): void {
    (this.txns.get(authority) as Txn).paid = rials;
  }

  protected api(path: string, _headers: unknown, body: Record<string, unknown>): [number, unknown] {
    const error = (code: number, message: string): [number, unknown] => [code === -9 ? 422 : 400, { data: [], errors: { code, message, validations: [] } }];
    if (body.merchant_id !== FakeZarinpal.MERCHANT_ID) return error(-10, 'Terminal is not valid, please check merchant_id or ip address.');
    if (path === '/pg/v4/payment/request.json') {
      const amount = typeof body.amount === 'number' ? body.amount * (body.currency === 'IRT' ? 10 : 1) : NaN;
      if (!Number.isSafeInteger(amount) || amount < 10_000 || typeof body.callback_url !== 'string' || typeof body.description !== 'string') return error(-9, 'The input params invalid, validation error.');
      const authority = `A${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}`.replace(/[^A-Z0-9]/g, '0');
      const metadata = (body.metadata ?? {}) as Record<string, unknown>;
      this.txns.set(authority, { amount, paid: amount, callback: body.callback_url, orderId: String(metadata.order_id ?? ''), state: 'new', ref: 0 });
      return [200, { data: { code: 100, message: 'Success', authority, fee_type: 'Merchant', fee: 0 }, errors: [] }];
    }
    if (path === '/pg/v4/payment/verify.json') {
      const txn = this.txns.get(String(body.authority));
      if (!txn) return error(-54, 'Invalid authority.');
      if (body.amount !== txn.paid) return error(-50, 'Session is not valid, amounts values is not the same.');
      if (txn.state === 'verified') return [200, { data: { code: 101, message: 'Verified', card_hash: 'H', card_pan: '502229******5995', ref_id: txn.ref, fee_type: 'Merchant', fee: 0 }, errors: [] }];
      if (txn.state !== 'paid') return error(-51, 'Session is not valid, session is not active paid try.');
      txn.state = 'verified';
      txn.ref = this.nextRef++;
      return [200, { data: { code: 100, message: 'Paid', card_hash: 'H', card_pan: '502229******5995', ref_id: txn.ref, fee_type: 'Merchant', fee: 0 }, errors: [] }];
    }
    return [404, { data: [], errors: { code: -404, message: 'not found' } }];
  }

  protected payLinks(path: string) {
    const match = /^\/pg\/StartPay\/([A-Za-z0-9]+)$/.exec(path);
    const authority = match?.[1] ?? '';
    const txn = this.txns.get(authority);
    if (!txn || txn.state !== 'new') return null;
    const back = (status: string) => `${txn.callback}${txn.callback.includes('?') ? '&' : '?'}Authority=${authority}&Status=${status}`;
    return {
      amount: String(txn.amount),
      pay: () => { txn.state = 'paid'; return back('OK'); },
      cancel: () => { txn.state = 'cancelled'; return back('NOK'); },
    };
  }
}

/** IDPay web service v1.1: `X-API-KEY`, amounts in rials, GET return with status, track_id, id, order_id. */
export class FakeIdpay extends FakePaymentProvider {
  static readonly API_KEY = '6a7f99eb-7c20-4412-a972-6dfb7cd253a4';
  readonly txns = new Map<string, Txn>();
  private nextTrack = 5000;

  get apiUrl(): string { return `${this.baseUrl}/v1.1/payment`; }

  paidAmount(id: string, rials: number): void {
    (this.txns.get(id) as Txn).paid = rials;
  }

  protected api(path: string, headers: Record<string, string | string[] | undefined>, body: Record<string, unknown>): [number, unknown] {
    const error = (status: number, code: number, message: string): [number, unknown] => [status, { error_code: code, error_message: message }];
    const key = headers['x-api-key'];
    if (typeof key !== 'string' || !UUID.test(key)) return error(403, 12, 'API Key not found.');
    if (key !== FakeIdpay.API_KEY) return error(403, 12, 'API Key not found.');
    if (path === '/v1.1/payment') {
      if (typeof body.order_id !== 'string' || !body.order_id) return error(406, 32, 'order_id must not be empty.');
      if (typeof body.amount !== 'number' || !Number.isSafeInteger(body.amount) || body.amount < 1_000) return error(406, 34, 'amount must be more than 1000 rials.');
      if (typeof body.callback !== 'string') return error(406, 37, 'callback must not be empty.');
      const id = randomBytes(16).toString('hex');
      this.txns.set(id, { amount: body.amount, paid: body.amount, callback: body.callback, orderId: body.order_id, state: 'new', ref: 0 });
      return [201, { id, link: `${this.baseUrl}/p/ws/${id}` }];
    }
    if (path === '/v1.1/payment/verify') {
      const txn = this.txns.get(String(body.id));
      if (!txn || txn.orderId !== String(body.order_id)) return error(405, 52, 'Inquiry had no result.');
      if (txn.state === 'verified' || txn.state === 'paid') {
        const status = txn.state === 'verified' ? 101 : 100;
        if (txn.state === 'paid') { txn.state = 'verified'; }
        return [200, {
          status, track_id: String(txn.ref), id: body.id, order_id: txn.orderId, amount: String(txn.paid), date: '1546288200',
          payment: { track_id: '888001', amount: String(txn.paid), card_no: '123456******1234', hashed_card_no: 'E59F', date: '1546288500' },
          verify: { date: '1546288800' },
        }];
      }
      return error(405, 53, 'Payment cannot be verified.');
    }
    return [404, { error_code: 0, error_message: 'not found' }];
  }

  protected payLinks(path: string) {
    const match = /^\/p\/ws\/([0-9a-f]{32})$/.exec(path);
    const id = match?.[1] ?? '';
    const txn = this.txns.get(id);
    if (!txn || txn.state !== 'new') return null;
    const back = (status: number) => `${txn.callback}${txn.callback.includes('?') ? '&' : '?'}status=${status}&track_id=${txn.ref}&id=${id}&order_id=${encodeURIComponent(txn.orderId)}`;
    return {
      amount: String(txn.amount),
      pay: () => { txn.state = 'paid'; txn.ref = this.nextTrack++; return back(10); },
      cancel: () => { txn.state = 'cancelled'; return back(7); },
    };
  }
}
