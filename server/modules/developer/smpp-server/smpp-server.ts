import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../../platform/tokens.js';
import type { AppConfig } from '../../../platform/config.js';
import type { Actor } from '../../../platform/actor.js';
import type { Clock } from '../../../platform/clock.js';
import type { KeyValueStore } from '../../../platform/kv.js';
import { AppError } from '../../../platform/http/errors.js';
import { smsEncoding } from '../../../shared/sms/sms-text.js';
import { DELIVERY_STATUSES, SingleSendService, type GroupHook, type SendRow } from '../../messaging/index.js';
import { ActorFactory } from '../../identity/index.js';
import { PrivateNumbersService } from '../../numbers/index.js';
import { InboxService, type InboxRow } from '../../inbound/index.js';
import { SmppAccountsRepository, type SmppAccountRow, type SmppBindRow } from './smpp-accounts.repository.js';
import { SmppOutboxRepository, type NewOutboxRow, type SmppMessageRow, type SmppOutboxRow } from './smpp-outbox.repository.js';
import { smppPasswordMatches } from './smpp-password.js';
import { callerAddress, ipMatches, parseIpEntry } from '../ip-address.js';
import { SmppSignal } from './smpp-signal.js';
import { wantsReceipt } from './smpp-receipts.listener.js';
import { shownSender } from '../../../shared/sms/masked-numbers.js';
import {
  concatOf, createSmppListener, encodeDeliverSm, encodeSubmitSmResp, hasNul, isFlash, nextSequence, pdu, receiptStateOf, receiptText, STATUS, textOf,
  type Concat, type SmppListener, type SmppPdu, type SmppSession,
} from './smpp-protocol.js';

/** How long a receipt or inbound message waits for a bound receiver before it is dropped. */
export const OUTBOX_TTL_HOURS = 72;
/** A handed-out row not acknowledged within this is handed out again (retry). */
const LOCK_MS = 60_000;
/** A deliver_sm not answered within this frees its window slot (the row comes back after LOCK_MS). */
const DELIVER_TIMEOUT_MS = 30_000;
/** Parts of a long message wait this long for the rest; then what came is sent as it is. */
const LONG_MESSAGE_WAIT_MS = 60_000;
/** Long messages being assembled per account (a client that never finishes them cannot grow memory). */
const MAX_PENDING_LONG = 10_000;
/** After the server asks a client to unbind, its connection is closed at the answer or after this. */
const UNBIND_GRACE_MS = 2_000;
/** A connection that has not bound within this is closed. */
const BIND_TIMEOUT_MS = 30_000;
/** Connections not yet bound from one address; more are closed at once (bind storms). */
const MAX_UNBOUND_PER_IP = 50;
/** Failed binds (unknown system_id, wrong password) from one address within the window before every bind from it is refused. */
const MAX_BIND_FAILURES = 20;
const BIND_FAILURE_WINDOW_MS = 5 * 60_000;
/** Accounts, users' lines and actors read again after this (changes made by another process). */
const ACCOUNT_REFRESH_MS = 30_000;
const POLL_MS = 1_000;
const INBOUND_POLL_MS = 2_000;
/** Inbound rows younger than this are read again next time: ids are given before commit (inbox repository). */
const INBOUND_SETTLE_MS = 5_000;
const CLAIM_MAX = 500;
const ACK_FLUSH = 500;

type BindMode = 'transmitter' | 'receiver' | 'transceiver';

interface Bind {
  session: SmppSession;
  ip: string;
  state: 'open' | 'binding' | 'bound' | 'closed';
  mode: BindMode | null;
  account: AccountState | null;
  submitsOut: number;
  /** deliver_sm written and not answered: sequence → outbox row. */
  deliveries: Map<number, { outboxId: number; sentAt: number }>;
  corked: boolean;
  bindTimer: NodeJS.Timeout | null;
  /** Still counted among its address's unbound connections. */
  unboundCounted: boolean;
  /** The account's token as it was when this bind was accepted (`tokenGeneration`). */
  tokenGeneration: string | null;
}

interface LongMessage {
  parts: Map<number, { text: string; id: string }>;
  total: number;
  first: number;
  source: string;
  dest: string;
  registeredDelivery: number;
  flash: boolean;
}

interface AccountState {
  row: SmppBindRow;
  binds: Set<Bind>;
  tokens: number;
  refilledAt: number;
  pumping: boolean;
  again: boolean;
  /** Claimed rows not yet written to a receiver. */
  ready: SmppOutboxRow[];
  long: Map<string, LongMessage>;
  /**
   * Claims start after this id: rows below it were claimed by this process and are in flight or
   * gone, and scanning past thousands of locked and deleted rows on every claim cost the database
   * more than the receipts themselves. Rows that come free below it (a closed bind's buffer, a
   * refused delivery, another process's lock that ran out) are found by a full claim every
   * FULL_CLAIM_MS, and at once after this process releases any.
   */
  floor: number;
  fullClaimAt: number;
}

const FULL_CLAIM_MS = 5_000;

/** A whole message to send: its text, the ids its parts were given, and which of them were already answered ESME_ROK. */
interface OneMessage {
  source: string;
  dest: string;
  text: string;
  ids: string[];
  answered: string[];
  registeredDelivery: number;
  flash: boolean;
}

interface AccountContext {
  actor: Actor | null;
  /** The user's usable lines by number and by mask (source_addr → line id). */
  lines: Map<string, number>;
  lineIds: Set<number>;
  at: number;
}

/**
 * The built-in SMPP 3.4 server (SMSC side): accounts bind, submit_sm becomes a single send through
 * the panel's send path, and receipts and inbound messages go back as deliver_sm from the
 * `smpp_outbox` table. Runs in processes that serve traffic; see CONTEXT.md for every decision.
 */
@injectable()
export class SmppServer {
  private listeners: SmppListener[] = [];
  private readonly binds = new Set<Bind>();
  private readonly accounts = new Map<number, AccountState>();
  private readonly contexts = new Map<number, Promise<AccountContext>>();
  private readonly unboundByIp = new Map<string, number>();
  private timers: NodeJS.Timeout[] = [];
  private acks: number[] = [];
  private ackTimer: NodeJS.Timeout | null = null;
  private feeding = false;
  private feedAgain = false;
  private activeAccounts: { rows: SmppAccountRow[]; at: number } | null = null;
  private running = false;
  private readonly idPrefix = randomBytes(5).toString('hex');
  private idCounter = 0;
  private unsubscribe: (() => void)[] = [];
  /** Submits being turned into sends: stop() waits for them (bounded) before the database closes. */
  private inFlight = 0;
  /**
   * The SMPP rows of sends being stored, by the send's client send id (the message id the client
   * got): single sends are stored in groups, and the group hook writes the rows of a whole group in
   * one statement of its transaction.
   */
  private readonly links = new Map<string, Omit<SmppMessageRow, 'sendId'>>();
  private readonly linkHook: GroupHook = {
    key: 'developer.smpp-messages',
    run: (tx, sends: SendRow[]) => {
      const rows: SmppMessageRow[] = [];
      for (const send of sends) {
        const link = send.clientSendId ? this.links.get(send.clientSendId) : undefined;
        if (link) rows.push({ ...link, sendId: send.id });
      }
      return this.outbox.insertMessages(tx, rows);
    },
  };

  constructor(
    @inject(TYPES.Config) private readonly config: AppConfig,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.Clock) private readonly clock: Clock,
    @inject(TYPES.KeyValueStore) private readonly kv: KeyValueStore,
    @inject(SmppAccountsRepository) private readonly accountsRepo: SmppAccountsRepository,
    @inject(SmppOutboxRepository) private readonly outbox: SmppOutboxRepository,
    @inject(SmppSignal) private readonly signal: SmppSignal,
    @inject(SingleSendService) private readonly single: SingleSendService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(InboxService) private readonly inbox: InboxService,
  ) {}

  /** The ports it listens on (0 asked → the one given), null when off. */
  ports: { port: number | null; tlsPort: number | null } = { port: null, tlsPort: null };

  get enabled(): boolean {
    return this.config.smppServer.port !== null || this.config.smppServer.tlsPort !== null;
  }

  async start(): Promise<void> {
    const c = this.config.smppServer;
    if (!this.enabled || this.running) return;
    this.running = true;
    if (c.port !== null) this.ports.port = await this.listen(null, c.port);
    if (c.tlsPort !== null) {
      const tls = { cert: readFileSync(c.tlsCertFile!, 'utf8'), key: readFileSync(c.tlsKeyFile!, 'utf8') };
      this.ports.tlsPort = await this.listen(tls, c.tlsPort);
    }
    this.unsubscribe.push(this.signal.onOutbox((ids) => { for (const id of ids) this.wakeAccount(id); }));
    this.unsubscribe.push(this.signal.onAccountChanged((id) => void this.refreshAccount(id)));
    this.unsubscribe.push(this.signal.onTokenChanged((tokenId) => this.endTokenBinds(tokenId)));
    this.unsubscribe.push(this.signal.onInbound(() => void this.feedInbound()));
    this.every(POLL_MS, () => { for (const acc of this.accounts.values()) void this.pump(acc); });
    this.every(5_000, () => this.sweep());
    this.every(ACCOUNT_REFRESH_MS, () => { for (const id of [...this.accounts.keys()]) void this.refreshAccount(id); });
    this.every(INBOUND_POLL_MS, () => void this.feedInbound());
    this.logger.info({ port: this.ports.port, tlsPort: this.ports.tlsPort }, 'SMPP server listening');
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    const closing = this.listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve())));
    const held: number[] = [];
    for (const acc of this.accounts.values()) {
      held.push(...acc.ready.map((r) => r.id));
      acc.ready = [];
    }
    for (const b of this.binds) {
      for (const d of b.deliveries.values()) held.push(d.outboxId);
      b.deliveries.clear();
      b.state = 'closed';
      b.session.destroy();
    }
    await Promise.all(closing);
    this.listeners = [];
    for (let waited = 0; this.inFlight > 0 && waited < 5_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    if (this.ackTimer) clearTimeout(this.ackTimer);
    await this.flushAcks();
    // Unanswered rows are free for the next bind at once, not after their lock.
    await this.outbox.release(held).catch((err) => this.logger.warn({ err }, 'SMPP: releasing outbox rows on stop failed'));
  }

  /** Binds of an account in this process (the accounts screen shows it). */
  bindCount(accountId: number): number {
    return this.accounts.get(accountId)?.binds.size ?? 0;
  }

  private every(ms: number, fn: () => void): void {
    const t = setInterval(fn, ms);
    t.unref();
    this.timers.push(t);
  }

  private listen(tls: { key: string; cert: string } | null, port: number): Promise<number> {
    const listener = createSmppListener(tls, (session) => this.accept(session));
    // A TLS handshake that fails is that connection's problem only.
    listener.on('tlsClientError', () => undefined);
    this.listeners.push(listener);
    return new Promise((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(port, this.config.host, () => {
        listener.off('error', reject);
        listener.on('error', (err) => this.logger.error({ err }, 'SMPP listener error'));
        resolve((listener.address() as AddressInfo).port);
      });
    });
  }

  // ---------------------------------------------------------------- sessions

  private accept(session: SmppSession): void {
    // The stored form of allowedIps: a dual-stack socket's ::ffff:a.b.c.d is a.b.c.d, IPv6 canonical.
    const ip = callerAddress(session.socket.remoteAddress ?? '');
    const unbound = (this.unboundByIp.get(ip) ?? 0) + 1;
    if (!this.running || unbound > MAX_UNBOUND_PER_IP) {
      session.on('error', () => undefined);
      session.destroy();
      return;
    }
    this.unboundByIp.set(ip, unbound);
    const b: Bind = { session, ip, state: 'open', mode: null, account: null, submitsOut: 0, deliveries: new Map(), corked: false, bindTimer: null, unboundCounted: true, tokenGeneration: null };
    this.binds.add(b);
    session.socket.setNoDelay(true);
    b.bindTimer = setTimeout(() => { if (b.state !== 'bound') session.destroy(); }, BIND_TIMEOUT_MS);
    b.bindTimer.unref();
    session.on('pdu', (p: SmppPdu) => {
      try {
        this.onPdu(b, p);
      } catch (err) {
        this.logger.warn({ err, command: p?.command }, 'SMPP: a PDU could not be handled');
        if (p && !p.isResponse()) this.writePdu(b, pdu('generic_nack', { sequence_number: p.sequence_number, command_status: STATUS.RSYSERR }));
      }
    });
    session.on('error', (err: Error & { code?: string }) => {
      // The library stops reading a stream it cannot frame (a huge command_length, a PDU it cannot
      // parse): answer generic_nack once and close only this connection.
      if (!err.code && session.socket.writable) {
        this.writePdu(b, pdu('generic_nack', { sequence_number: 0, command_status: STATUS.RINVCMDLEN }));
        session.socket.end();
      }
      setTimeout(() => session.destroy(), 200).unref();
    });
    session.on('close', () => this.closed(b));
  }

  private closed(b: Bind): void {
    if (b.bindTimer) clearTimeout(b.bindTimer);
    this.leaveUnbound(b);
    b.state = 'closed';
    this.binds.delete(b);
    const acc = b.account;
    if (acc) {
      acc.binds.delete(b);
      const held = [...b.deliveries.values()].map((d) => d.outboxId);
      b.deliveries.clear();
      if (held.length > 0) {
        void this.outbox.release(held).then(() => this.pump(acc), (err) => this.logger.warn({ err }, 'SMPP: releasing outbox rows failed'));
      }
      if (this.receivers(acc).length === 0) this.releaseBuffer(acc);
      if (acc.binds.size === 0 && acc.long.size === 0) this.accounts.delete(acc.row.id);
    }
  }

  private leaveUnbound(b: Bind): void {
    if (!b.unboundCounted) return;
    b.unboundCounted = false;
    const n = (this.unboundByIp.get(b.ip) ?? 1) - 1;
    if (n <= 0) this.unboundByIp.delete(b.ip);
    else this.unboundByIp.set(b.ip, n);
  }

  private onPdu(b: Bind, p: SmppPdu): void {
    switch (p.command) {
      case 'submit_sm': this.onSubmit(b, p); return;
      case 'deliver_sm_resp': this.onDeliverResp(b, p); return;
      case 'enquire_link': this.writePdu(b, p.response()); return;
      case 'bind_transmitter': void this.onBind(b, p, 'transmitter'); return;
      case 'bind_receiver': void this.onBind(b, p, 'receiver'); return;
      case 'bind_transceiver': void this.onBind(b, p, 'transceiver'); return;
      case 'unbind_resp':
        // The answer to our own unbind (a revoked token): the bind is over.
        if (b.state === 'closed') b.session.close();
        return;
      case 'unbind':
        this.writePdu(b, p.response());
        this.unbound(b);
        setTimeout(() => b.session.close(), 50).unref();
        return;
      case 'unknown':
        this.writePdu(b, p.response({ command_status: STATUS.RINVCMDID }));
        return;
      default:
        // A response we did not ask for, a generic_nack, or a request this server does not offer
        // (query_sm, data_sm, submit_multi…): the latter answered "invalid command".
        if (!p.isResponse() && p.command !== 'generic_nack') this.writePdu(b, p.response({ command_status: STATUS.RINVCMDID }));
    }
  }

  private unbound(b: Bind): void {
    b.state = 'closed';
    if (b.account) {
      b.account.binds.delete(b);
      const held = [...b.deliveries.values()].map((d) => d.outboxId);
      b.deliveries.clear();
      void this.outbox.release(held).catch(() => undefined);
      if (this.receivers(b.account).length === 0) this.releaseBuffer(b.account);
    }
  }

  private writePdu(b: Bind, p: SmppPdu): void {
    if (!b.session.socket.writable) return;
    this.cork(b);
    b.session.send(p);
  }

  private writeBytes(b: Bind, bytes: Buffer): void {
    if (!b.session.socket.writable) return;
    this.cork(b);
    b.session.socket.write(bytes);
  }

  /** Answers written in one tick leave in one write. */
  private cork(b: Bind): void {
    if (b.corked) return;
    b.corked = true;
    b.session.socket.cork();
    process.nextTick(() => {
      b.corked = false;
      b.session.socket.uncork();
    });
  }

  // ---------------------------------------------------------------- bind

  private async onBind(b: Bind, p: SmppPdu, mode: BindMode): Promise<void> {
    if (b.state !== 'open') {
      this.writePdu(b, p.response({ command_status: b.state === 'bound' ? STATUS.RALYBND : STATUS.RINVBNDSTS }));
      return;
    }
    b.state = 'binding';
    let status: number;
    try {
      status = await this.authenticate(b, p, mode);
    } catch (err) {
      this.logger.error({ err }, 'SMPP: bind check failed');
      status = STATUS.RSYSERR;
    }
    if ((b.state as Bind['state']) === 'closed') return; // the connection ended meanwhile
    if (status !== STATUS.ROK) {
      b.state = 'open';
      this.writePdu(b, p.response({ command_status: status }));
      // As a centre does: a refused bind's connection ends (after the answer is written).
      b.session.close();
      return;
    }
    this.writePdu(b, p.response({ system_id: 'Peyk' }));
    if (mode !== 'transmitter') void this.pump(b.account!);
  }

  /** Checks a bind and, when it passes, registers it on its account (no await between the max-binds check and the add). */
  private async authenticate(b: Bind, p: SmppPdu, mode: BindMode): Promise<number> {
    const failKey = `smpp-bind-fail:${b.ip}`;
    if (Number((await this.kv.get(failKey)) ?? 0) >= MAX_BIND_FAILURES) return STATUS.RBINDFAIL;
    const systemId = String(p.system_id ?? '');
    const fail = async (status: number) => {
      await this.kv.incr(failKey, BIND_FAILURE_WINDOW_MS);
      return status;
    };
    // A NUL would fail the account query (PostgreSQL text): refused here, counted as a failed bind.
    if (hasNul(p.system_id)) return fail(STATUS.RINVSYSID);
    if (hasNul(p.password)) return fail(STATUS.RINVPASWD);
    if (hasNul(p.system_type) || hasNul(p.address_range)) return STATUS.RBINDFAIL;
    const row = systemId ? await this.accountsRepo.findForBind(systemId) : null;
    if (!row) return fail(STATUS.RINVSYSID);
    if (!smppPasswordMatches(String(p.password ?? ''), row.passwordHash)) return fail(STATUS.RINVPASWD);
    if (row.allowedIps.length > 0 && !allowedFrom(row.allowedIps, b.ip)) return STATUS.RBINDFAIL;
    if (refusal(row, this.clock.now(), mode)) return STATUS.RBINDFAIL;
    if (b.state !== 'binding') return STATUS.RBINDFAIL;
    let acc = this.accounts.get(row.id);
    if (!acc) {
      acc = { row, binds: new Set(), tokens: row.throughput, refilledAt: Date.now(), pumping: false, again: false, ready: [], long: new Map(), floor: 0, fullClaimAt: 0 };
      this.accounts.set(row.id, acc);
    }
    acc.row = row;
    if (acc.binds.size >= row.maxBinds) return STATUS.RBINDFAIL;
    acc.binds.add(b);
    b.account = acc;
    b.tokenGeneration = tokenGeneration(row);
    b.mode = mode;
    b.state = 'bound';
    this.leaveUnbound(b);
    if (b.bindTimer) clearTimeout(b.bindTimer);
    return STATUS.ROK;
  }

  /**
   * The API token these accounts were linked to was revoked or rotated. Their binds end now, with
   * no await: each is marked closed at once (a submit_sm read after this is answered
   * ESME_RINVBNDSTS and never sent), asked to unbind, and its connection closed when the client
   * answers or after UNBIND_GRACE_MS. A new bind is checked afresh (a revoked token refuses it).
   */
  private endTokenBinds(tokenId: number): void {
    for (const acc of this.accounts.values()) {
      if (acc.row.apiTokenId !== tokenId) continue;
      this.contexts.delete(acc.row.id);
      for (const b of [...acc.binds]) this.endBind(b);
    }
  }

  /** Marked closed now (no await), asked to unbind, its connection closed at the answer or after UNBIND_GRACE_MS. */
  private endBind(b: Bind): void {
    this.unbound(b);
    this.writePdu(b, pdu('unbind', { sequence_number: nextSequence(b.session) }));
    setTimeout(() => b.session.close(), UNBIND_GRACE_MS).unref();
  }

  /** Reads an account again: new limits apply, a disabled or deleted one loses its binds. */
  private async refreshAccount(id: number): Promise<void> {
    this.contexts.delete(id);
    this.activeAccounts = null;
    const acc = this.accounts.get(id);
    if (!acc) return;
    try {
      const row = await this.accountsRepo.findById(id);
      const full = row ? await this.accountsRepo.findForBind(row.systemId) : null;
      if (!full || full.id !== id || refusal(full, this.clock.now(), 'receiver')) {
        for (const b of [...acc.binds]) {
          this.unbound(b);
          b.session.close();
        }
        return;
      }
      // A token rotated (or the account's token changed) since a bind was accepted, and the
      // announcement never reached this process: that bind ends here, at the latest.
      const generation = tokenGeneration(full);
      for (const b of [...acc.binds]) if (b.tokenGeneration !== generation) this.endBind(b);
      acc.row = full;
    } catch (err) {
      this.logger.warn({ err, id }, 'SMPP: reading an account failed');
    }
  }

  /** The account's actor and lines, read at most every ACCOUNT_REFRESH_MS. */
  private contextOf(row: SmppAccountRow): Promise<AccountContext> {
    const cached = this.contexts.get(row.id);
    if (cached) return cached;
    const load = (async (): Promise<AccountContext> => {
      const result = await this.actors.forUser(row.userId, row.organizationId, 'smpp', { requestId: `smpp:${row.systemId}`, userAgent: 'smpp' });
      const lines = new Map<string, number>();
      const lineIds = new Set<number>();
      if ('missing' in result) return { actor: null, lines, lineIds, at: Date.now() };
      // Api first (its sends are Api); Single and Bulk lines stay known too, so a source_addr naming
      // a line closed to Api is refused with the line's flag rather than sent from the default line.
      for (const sendType of ['Api', 'Single', 'Bulk'] as const) {
        for (const l of await this.numbers.myNumbers(result.actor, sendType)) {
          lineIds.add(l.id);
          if (!lines.has(l.number)) lines.set(l.number, l.id);
          if (l.mask && !lines.has(l.mask)) lines.set(l.mask, l.id);
        }
      }
      return { actor: result.actor, lines, lineIds, at: Date.now() };
    })();
    this.contexts.set(row.id, load);
    load.then((c) => {
      const t = setTimeout(() => { if (this.contexts.get(row.id) === load) this.contexts.delete(row.id); }, ACCOUNT_REFRESH_MS - (Date.now() - c.at));
      t.unref();
    }, () => this.contexts.delete(row.id));
    return load;
  }

  // ---------------------------------------------------------------- submit

  private newId(): string {
    this.idCounter = (this.idCounter + 1) % 0x100000000;
    return `${this.idPrefix}${this.idCounter.toString(16).padStart(8, '0')}`;
  }

  /** The account's token bucket: `throughput` submit_sm a second, bursts up to one second's worth. */
  private takeToken(acc: AccountState): boolean {
    const now = Date.now();
    const rate = acc.row.throughput;
    acc.tokens = Math.min(rate, acc.tokens + ((now - acc.refilledAt) * rate) / 1000);
    acc.refilledAt = now;
    if (acc.tokens < 1) return false;
    acc.tokens -= 1;
    return true;
  }

  private onSubmit(b: Bind, p: SmppPdu): void {
    const seq = p.sequence_number;
    if (b.state !== 'bound' || b.mode === 'receiver') return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVBNDSTS, ''));
    const acc = b.account!;
    if (b.submitsOut >= acc.row.windowSize) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RMSGQFUL, ''));
    if (!this.takeToken(acc)) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RTHROTTLED, ''));
    // Strings that reach the database (parts, SMPP rows, the send) hold no NUL: refused before any query.
    if (hasNul(p.source_addr)) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVSRCADR, ''));
    if (hasNul(p.destination_addr)) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVDSTADR, ''));
    if (hasNul(p.service_type)) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVSERTYP, ''));
    const text = textOf(p);
    if (text === null) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVDCS, ''));
    // The send would refuse it as a forbidden character anyway; a long message's part is stored first.
    if (text.includes('\u0000')) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RSUBMITFAIL, ''));
    const source = String(p.source_addr ?? '');
    const dest = String(p.destination_addr ?? '');
    if (!dest) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RINVDSTADR, ''));
    const id = this.newId();
    const registeredDelivery = Number(p.registered_delivery ?? 0);
    const concat = p.message_payload === undefined ? concatOf(p) : null;
    const flash = isFlash(p);
    if (concat && concat.total > 1) {
      if (acc.long.size >= MAX_PENDING_LONG) return this.writeBytes(b, encodeSubmitSmResp(seq, STATUS.RMSGQFUL, ''));
      b.submitsOut++;
      this.inFlight++;
      void this.onPart(acc, concat, { source, dest, text, id, registeredDelivery, flash }).then((status) => {
        b.submitsOut--;
        this.inFlight--;
        this.writeBytes(b, encodeSubmitSmResp(seq, status, status === STATUS.ROK ? id : ''));
      });
      return;
    }
    b.submitsOut++;
    this.inFlight++;
    void this.send(acc, { source, dest, text, ids: [id], answered: [], registeredDelivery, flash }).then((status) => {
      b.submitsOut--;
      this.inFlight--;
      this.writeBytes(b, encodeSubmitSmResp(seq, status, id));
    });
  }

  /**
   * A part of a long message. It is stored before it is answered (smpp_parts), so a part the client
   * holds an ESME_ROK for survives a crash; an earlier part is answered at once (a client with a
   * window of one must be able to send the next); the part that completes the message is answered
   * with the send's outcome. The parts of one message may arrive in different processes: the first
   * time a process sees a message it reads the parts stored so far.
   */
  private async onPart(acc: AccountState, c: Concat, part: { source: string; dest: string; text: string; id: string; registeredDelivery: number; flash: boolean }): Promise<number> {
    // Stored in a text column: no NUL separators (PostgreSQL text cannot hold one); addresses hold no '|'.
    const key = `${part.source}|${part.dest}|${c.ref}|${c.total}`.slice(0, 120);
    try {
      await this.outbox.savePart({
        accountId: acc.row.id, key, seq: c.seq, total: c.total, text: part.text, messageId: part.id,
        sourceAddr: part.source.slice(0, 21), destAddr: part.dest.slice(0, 21), registeredDelivery: part.registeredDelivery, flash: part.flash,
      });
      let m = acc.long.get(key);
      if (!m) {
        m = { parts: new Map(), total: c.total, first: Date.now(), source: part.source, dest: part.dest, registeredDelivery: part.registeredDelivery, flash: part.flash };
        acc.long.set(key, m);
        for (const stored of await this.outbox.partsOf(acc.row.id, key)) m.parts.set(stored.seq, { text: stored.text, id: stored.messageId });
      }
      m.parts.set(c.seq, { text: part.text, id: part.id });
      if (m.parts.size < m.total) return STATUS.ROK;
      acc.long.delete(key);
    } catch (err) {
      this.logger.warn({ err }, 'SMPP: storing a part of a long message failed');
      return STATUS.RSYSERR;
    }
    return this.sendLong(acc, key);
  }

  /**
   * Sends a long message from its stored parts and then forgets them. The send's client send id is
   * the id of its last stored part, so sending the same parts twice (a crash between the send and
   * the delete, two processes' sweeps) is a repeat that sends nothing. A transient failure keeps
   * the parts: the client sends the last part again.
   */
  private async sendLong(acc: AccountState, key: string): Promise<number> {
    const parts = await this.outbox.partsOf(acc.row.id, key);
    if (parts.length === 0) return STATUS.ROK;
    const first = parts[0]!;
    const ids = parts.map((p) => p.messageId);
    const status = await this.send(acc, {
      source: first.sourceAddr, dest: first.destAddr, text: parts.map((p) => p.text).join(''), ids, answered: ids.slice(0, -1),
      registeredDelivery: first.registeredDelivery, flash: first.flash,
    });
    if (status !== STATUS.RSYSERR) {
      await this.outbox.deleteParts(acc.row.id, key).catch((err) => this.logger.warn({ err }, 'SMPP: forgetting the parts of a sent long message failed; a later sweep repeats it (a repeat sends nothing)'));
    }
    return status;
  }

  /** One message (all its parts) as one single send; answers the command_status for the client. */
  private async send(acc: AccountState, m: OneMessage): Promise<number> {
    const row = acc.row;
    try {
      const ctx = await this.contextOf(row);
      if (!ctx.actor || !ctx.actor.principal.claims.has('Sending.Single')) return this.refused(row, m, STATUS.RSUBMITFAIL);
      const line = (m.source ? ctx.lines.get(m.source) : undefined) ?? row.defaultLineId;
      if (!line) return this.refused(row, m, STATUS.RINVSRCADR);
      // The message id is the send's client send id: unique (process prefix + counter), and it ties
      // the send to its SMPP row inside the group's transaction.
      const key = m.ids[m.ids.length - 1]!;
      this.links.set(key, {
        accountId: row.id, messageIds: m.ids, sourceAddr: m.source.slice(0, 21), destAddr: m.dest.slice(0, 21),
        registeredDelivery: m.registeredDelivery, textStart: m.text.slice(0, 20), submittedAt: this.clock.now(),
      });
      try {
        // SendType Api, one message to one number: the line needs isSendApiSingle (issue 30 part 3).
        await this.single.send(ctx.actor, { line, to: m.dest, text: m.text, isFlash: m.flash, sendId: key, sendType: 'Api', apiFlag: 'isSendApiSingle' }, { groupHook: this.linkHook });
      } finally {
        this.links.delete(key);
      }
      return STATUS.ROK;
    } catch (err) {
      const status = statusOfError(err);
      if (status === STATUS.RSYSERR) this.logger.warn({ err }, 'SMPP: submit failed');
      return this.refused(row, m, status);
    }
  }

  /**
   * A refused message whose earlier parts were already answered ESME_ROK: those ids get a REJECTD
   * receipt (when the client asked for failure receipts), so no id the client holds stays unanswered.
   */
  private async refused(row: SmppAccountRow, m: OneMessage, status: number): Promise<number> {
    const earlier = m.answered;
    if (earlier.length > 0 && wantsReceipt(m.registeredDelivery, false)) {
      const r = receiptStateOf('NotSent', DELIVERY_STATUSES);
      const now = this.clock.now();
      const rows: NewOutboxRow[] = earlier.map((id) => ({
        accountId: row.id, kind: 'receipt', inboxId: null, messageId: id, sourceAddr: m.dest.slice(0, 21), destAddr: m.source.slice(0, 21), messageState: r.state,
        body: receiptText({ id, stat: r.stat, err: r.err, submittedAt: now, doneAt: now, textStart: m.text.slice(0, 20) }),
      }));
      await this.outbox.insertOutbox(null, rows).then(() => this.wakeAccount(row.id), (err) => this.logger.warn({ err }, 'SMPP: storing refusal receipts failed'));
    }
    return status;
  }

  // ---------------------------------------------------------------- outbox → deliver_sm

  private wakeAccount(id: number): void {
    const acc = this.accounts.get(id);
    if (acc) void this.pump(acc);
  }

  private receivers(acc: AccountState): Bind[] {
    return [...acc.binds].filter((b) => b.state === 'bound' && b.mode !== 'transmitter' && b.session.socket.writable);
  }

  /**
   * Claims waiting rows into the account's buffer (one claim at a time per account) and fills the
   * receivers' windows from it. The buffer is refilled while it is still half full, so a window
   * that frees up is filled from memory at once instead of waiting for the database; it holds at
   * most two windows' worth, so a slow client never sits on rows longer than their claim.
   */
  private async pump(acc: AccountState): Promise<void> {
    if (!this.running) return;
    if (acc.pumping) {
      acc.again = true;
      return;
    }
    acc.pumping = true;
    try {
      do {
        acc.again = false;
        const receivers = this.receivers(acc);
        if (receivers.length === 0) {
          this.releaseBuffer(acc);
          break;
        }
        const most = Math.min(CLAIM_MAX, 2 * acc.row.windowSize * receivers.length);
        const want = most - acc.ready.length;
        if (want < most / 2) break;
        const full = Date.now() - acc.fullClaimAt > FULL_CLAIM_MS;
        if (full) acc.fullClaimAt = Date.now();
        const rows = await this.outbox.claim(acc.row.id, want, LOCK_MS, full ? 0 : acc.floor);
        if (rows.length > 0) acc.floor = Math.max(acc.floor, rows[rows.length - 1]!.id);
        acc.ready.push(...rows);
        this.fillWindows(acc);
        if (rows.length === want) acc.again = true;
      } while (acc.again && this.running);
    } catch (err) {
      this.logger.warn({ err, accountId: acc.row.id }, 'SMPP: handing out receipts failed; retried by the next poll');
    } finally {
      acc.pumping = false;
    }
  }

  /** Moves buffered rows into the receivers' windows (no database). */
  private fillWindows(acc: AccountState): void {
    let i = 0;
    while (acc.ready.length > 0) {
      const target = this.pickReceiver(acc, i++);
      if (!target) return;
      this.deliver(target, acc.ready.shift()!);
    }
  }

  /** No receiver left: buffered rows are free for the next bind (any process) at once. */
  private releaseBuffer(acc: AccountState): void {
    const ids = acc.ready.map((r) => r.id);
    acc.ready = [];
    acc.fullClaimAt = 0;
    if (ids.length > 0) void this.outbox.release(ids).catch((err) => this.logger.warn({ err }, 'SMPP: releasing outbox rows failed'));
  }

  private pickReceiver(acc: AccountState, n: number): Bind | null {
    const list = this.receivers(acc).filter((b) => b.deliveries.size < acc.row.windowSize);
    return list.length === 0 ? null : list[n % list.length]!;
  }

  private deliver(b: Bind, row: SmppOutboxRow): void {
    const seq = nextSequence(b.session);
    let bytes: Buffer | null = null;
    let p: SmppPdu | null = null;
    try {
      // Receipts (the bulk) as bytes; inbound messages through the library, which encodes GSM 03.38.
      if (row.kind === 'receipt') bytes = encodeDeliverSm(seq, receiptFields(row));
      else p = pdu('deliver_sm', { sequence_number: seq, ...moFields(row) });
    } catch (err) {
      // A row that cannot be encoded never will be: drop it rather than retry it for days.
      this.logger.warn({ err, id: row.id }, 'SMPP: an outbox row could not be encoded; dropped');
      this.ack(row.id);
      return;
    }
    b.deliveries.set(seq, { outboxId: row.id, sentAt: Date.now() });
    if (bytes) this.writeBytes(b, bytes);
    else this.writePdu(b, p!);
  }

  private onDeliverResp(b: Bind, p: SmppPdu): void {
    const d = b.deliveries.get(p.sequence_number);
    if (!d) return;
    b.deliveries.delete(p.sequence_number);
    // Refused by the client: the row stays claimed and is handed out again once its lock runs out.
    if (p.command_status === 0) this.ack(d.outboxId);
    const acc = b.account;
    if (!acc) return;
    this.fillWindows(acc);
    void this.pump(acc);
  }

  private ack(id: number): void {
    this.acks.push(id);
    if (this.acks.length >= ACK_FLUSH) void this.flushAcks();
    else this.ackTimer ??= setTimeout(() => void this.flushAcks(), 20);
  }

  private async flushAcks(): Promise<void> {
    if (this.ackTimer) {
      clearTimeout(this.ackTimer);
      this.ackTimer = null;
    }
    const ids = this.acks;
    this.acks = [];
    if (ids.length === 0) return;
    try {
      await this.outbox.remove(ids);
    } catch (err) {
      // Still claimed: handed out once more after the lock (a repeated receipt, never a lost one).
      this.logger.warn({ err, count: ids.length }, 'SMPP: deleting acknowledged outbox rows failed');
    }
  }

  private sweepingLong = false;

  /** Unanswered deliver_sm free their slots; long messages that never completed are sent as they are. */
  private sweep(): void {
    const now = Date.now();
    for (const b of this.binds) {
      for (const [seq, d] of b.deliveries) if (now - d.sentAt > DELIVER_TIMEOUT_MS) b.deliveries.delete(seq);
    }
    for (const acc of [...this.accounts.values()]) {
      // In memory only to gather a message's parts quickly; the stored parts are what counts.
      for (const [key, m] of acc.long) if (now - m.first >= LONG_MESSAGE_WAIT_MS) acc.long.delete(key);
      if (acc.binds.size === 0 && acc.long.size === 0) this.accounts.delete(acc.row.id);
    }
    void this.sweepLongMessages();
  }

  /**
   * Long messages that never completed (in any process, also one that died) are sent as they are:
   * every part was answered already, so the outcome reaches the client as receipts.
   */
  private async sweepLongMessages(): Promise<void> {
    if (this.sweepingLong || !this.running) return;
    this.sweepingLong = true;
    try {
      for (const { accountId, key } of await this.outbox.staleParts(new Date(Date.now() - LONG_MESSAGE_WAIT_MS), 100)) {
        let acc = this.accounts.get(accountId);
        if (!acc) {
          const row = await this.accountsRepo.findById(accountId);
          if (!row) {
            await this.outbox.deleteParts(accountId, key);
            continue;
          }
          acc = { row: row as SmppBindRow, binds: new Set(), tokens: row.throughput, refilledAt: Date.now(), pumping: false, again: false, ready: [], long: new Map(), floor: 0, fullClaimAt: 0 };
        }
        acc.long.delete(key);
        this.logger.warn({ accountId, key }, 'SMPP: a long message never completed; sending the parts that came');
        await this.sendLong(acc, key);
      }
    } catch (err) {
      this.logger.warn({ err }, 'SMPP: sending incomplete long messages failed; tried again by the next sweep');
    } finally {
      this.sweepingLong = false;
    }
  }

  // ---------------------------------------------------------------- inbound (MO)

  private async accountsForInbound(): Promise<SmppAccountRow[]> {
    if (!this.activeAccounts || Date.now() - this.activeAccounts.at > ACCOUNT_REFRESH_MS) {
      this.activeAccounts = { rows: await this.accountsRepo.activeAccounts(), at: Date.now() };
    }
    return this.activeAccounts.rows;
  }

  /**
   * Copies new inbox rows to the outbox of every account whose user may use the line they came to
   * (same organization), from the durable cursor. Rows younger than INBOUND_SETTLE_MS are read again
   * next time (a late commit of a smaller id is not stepped over); the unique (account, inbox id)
   * keeps one copy however often a row is read, by however many processes.
   */
  private async feedInbound(): Promise<void> {
    if (this.feeding) {
      this.feedAgain = true;
      return;
    }
    this.feeding = true;
    try {
      do {
        this.feedAgain = false;
        const accounts = await this.accountsForInbound();
        if (accounts.length === 0) return;
        const byOrg = new Map<number, SmppAccountRow[]>();
        for (const a of accounts) byOrg.set(a.organizationId, [...(byOrg.get(a.organizationId) ?? []), a]);
        const cursor = await this.outbox.inboundCursor();
        const rows = await this.inbox.storedAfter(cursor, 500, [...byOrg.keys()]);
        if (rows.length === 0) return;
        const out: NewOutboxRow[] = [];
        const settled = this.clock.now().getTime() - INBOUND_SETTLE_MS;
        let advance = cursor;
        let young = false;
        for (const r of rows) {
          if (new Date(r.createdAt).getTime() > settled) young = true;
          else if (!young) advance = r.id;
          for (const a of byOrg.get(r.organizationId!) ?? []) {
            if (new Date(r.createdAt).getTime() < new Date(a.createdAt).getTime()) continue;
            const ctx = await this.contextOf(a);
            if (r.privateNumberId === null || !(ctx.lineIds.has(r.privateNumberId) || r.privateNumberId === a.defaultLineId)) continue;
            out.push(moRow(a.id, r));
          }
        }
        if (out.length > 0) {
          await this.outbox.insertOutbox(null, out, true);
          for (const id of new Set(out.map((o) => o.accountId))) this.wakeAccount(id);
        }
        if (advance > cursor) await this.outbox.advanceInboundCursor(advance, accounts.map((a) => a.id));
        if (rows.length === 500 && !young) this.feedAgain = true;
      } while (this.feedAgain && this.running);
    } catch (err) {
      this.logger.warn({ err }, 'SMPP: reading inbound messages failed; retried by the next poll');
    } finally {
      this.feeding = false;
    }
  }
}

function joined(m: LongMessage): { text: string; ids: string[] } {
  const seqs = [...m.parts.keys()].sort((a, b) => a - b);
  return { text: seqs.map((s) => m.parts.get(s)!.text).join(''), ids: seqs.map((s) => m.parts.get(s)!.id) };
}

function moRow(accountId: number, stored: InboxRow): NewOutboxRow {
  const r = shownSender(stored);
  return { accountId, kind: 'mo', inboxId: r.id, messageId: null, sourceAddr: r.senderMobile.slice(0, 20), destAddr: r.receiverNumber.slice(0, 20), body: r.smsText, messageState: null };
}

const ADDRESSES = { source_addr_ton: 1, source_addr_npi: 1, dest_addr_ton: 1, dest_addr_npi: 1 };

/** A receipt's deliver_sm: esm_class 0x04, the text form in short_message, and the TLVs. */
function receiptFields(row: SmppOutboxRow) {
  return {
    ...ADDRESSES, source_addr: row.sourceAddr, destination_addr: row.destAddr, esm_class: 0x04, data_coding: 0,
    short_message: Buffer.from(row.body, 'ascii'), receipted_message_id: row.messageId ?? '', message_state: row.messageState ?? 7,
  };
}

/** An inbound message's deliver_sm: esm_class 0; GSM-7 (0) or UCS-2 (8); longer than one short_message → whole text in message_payload. */
function moFields(row: SmppOutboxRow): Record<string, unknown> {
  const base = { ...ADDRESSES, source_addr: row.sourceAddr, destination_addr: row.destAddr, esm_class: 0 };
  if (smsEncoding(row.body) === 'ucs2') {
    const encoded = Buffer.from(row.body, 'utf16le').swap16();
    return encoded.length > 140 ? { ...base, data_coding: 8, message_payload: encoded } : { ...base, data_coding: 8, short_message: encoded };
  }
  return row.body.length > 160 ? { ...base, data_coding: 0, message_payload: { message: row.body } } : { ...base, data_coding: 0, short_message: { message: row.body } };
}

/**
 * Whether the caller is one of the account's addresses. Entries are read through the parser, so
 * rows saved before addresses were normalised (`::ffff:127.0.0.1` as typed) match as well.
 */
function allowedFrom(allowedIps: readonly string[], caller: string): boolean {
  return allowedIps.some((text) => {
    const parsed = parseIpEntry(text);
    return !('error' in parsed) && ipMatches(parsed.entry, caller);
  });
}

/**
 * Which token authorised a bind, and which of its secrets: the prefix and rotatedAt change with
 * every rotation. Compared at each account re-read, so a rotation whose cross-process announcement
 * was lost still ends the binds accepted before it (within ACCOUNT_REFRESH_MS).
 */
function tokenGeneration(row: SmppBindRow): string | null {
  if (row.apiTokenId === null) return null;
  const rotatedAt = row._tokenRotatedAt ? new Date(row._tokenRotatedAt).getTime() : 0;
  return `${row.apiTokenId}:${row._tokenPrefix ?? ''}:${rotatedAt}`;
}

/** Why a bind is refused whatever the password: the account, its user, organization or token is not usable. */
function refusal(row: SmppBindRow, now: Date, mode: BindMode): boolean {
  if (row.status !== 'Active' || row.deletedAt) return true;
  if (row._userDeletedAt || !row._userActive || row._userSuspended || (row._userExpireDate && new Date(row._userExpireDate) <= now)) return true;
  if (row._orgDeletedAt || !row._orgActive || row._orgArchived || (row._orgExpireTime && new Date(row._orgExpireTime) <= now)) return true;
  if (row.apiTokenId !== null && row._tokenStatus !== 'Active') return true;
  if (row.apiTokenId !== null && mode !== 'receiver' && row._tokenCanSend === false) return true;
  return false;
}

/** The send path's failure (AppError with data.failureCode, or a field error) as command_status. */
export function statusOfError(err: unknown): number {
  if (!(err instanceof AppError)) return STATUS.RSYSERR;
  const code = (err.data as { failureCode?: string } | undefined)?.failureCode;
  switch (code) {
    case 'RecipientNotExist': return STATUS.RINVDSTADR;
    case 'PrivateNumberNotValid': case 'PrivateNumberIsExpired': case 'PrivateNumberIsInactive': return STATUS.RINVSRCADR;
    case 'SystemIsOutOfService': case 'ErrorInSaveJob': return STATUS.RSYSERR;
    case undefined: break;
    default: return STATUS.RSUBMITFAIL;
  }
  if (err.key === 'messaging.textEmpty' || err.key === 'messaging.textTooLong') return STATUS.RINVMSGLEN;
  if (err.status >= 500) return STATUS.RSYSERR;
  return STATUS.RSUBMITFAIL;
}
