import type {
  DeliveryReport,
  Gateway,
  GatewayHealth,
  GatewayHost,
  InboundMessage,
  OutboundMessage,
  StatusAnswer,
  StatusQuery,
  SubmitContext,
  SubmitResult,
} from '../../server/gateways/gateway-sdk.js';
import { describedBy, healthNote, healthNoteText, type HealthNote } from '../../server/gateways/gateway-sdk.js';
import { decodeGsm7 } from './gsm7.js';
import { concatInfoFromUdh, MoAssembler } from './mo-reassembly.js';
import { isReceipt, parseReceipt, queriedStateOf, type ReceiptIdFormat } from './receipts.js';
import { buildSegments, type GsmPacking, type LongMessageMode, type Segment } from './segments.js';
import type { DecodedMessage, SmppPdu } from './smpp-lib.js';
import { SmppSession, type Answer, type BindType, type SessionConfig } from './smpp-session.js';
import { statusOutcome } from './status-codes.js';

export interface SmppOptions {
  host: string;
  port: number;
  tls: boolean;
  tlsCa?: string;
  tlsInsecure: boolean;
  systemId: string;
  password: string;
  systemType: string;
  bindMode: 'transceiver' | 'transmitter-receiver';
  binds: number;
  window: number;
  responseTimeoutMs: number;
  enquireLinkMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
  sourceTon: number;
  sourceNpi: number;
  destTon: number;
  destNpi: number;
  registeredDelivery: number;
  defaultDataCoding: 0 | 1 | 3;
  gsmPacking: GsmPacking;
  longMessage: LongMessageMode;
  receiptIdFormat: ReceiptIdFormat;
  maxPerSecond: number;
  maxBatchSize: number;
  throttleRetries: number;
  moReassemblyMs: number;
}

/** Receipts and inbound messages are collected this long and handed to the host as one group. */
const COLLECT_MS = 10;
const HAND_OVER_LIMIT = 2_000;
/**
 * Hand-overs under way at once. The host writes what it holds in one transaction per flush, so
 * while one group is being stored the next ones wait in its buffer and go in the following, larger
 * transaction; with a single hand-over at a time receipts lagged submits by ~35,000 at 10,000 msg/s.
 */
const HAND_OVERS_AT_ONCE = 4;
const HAND_OVER_RETRY_MS = 1_000;
/** A drain waits at most this long for the host to take pending receipts before closing anyway. */
const DRAIN_HAND_OVER_MS = 5_000;
/**
 * Ids of second and later parts, mapped to the message's first part (its providerId). Bounded: a
 * receipt comes within hours, long before this many newer multi-part messages push its entry out.
 */
const PART_MAP_LIMIT = 500_000;
/** How often window use and submits/s are pushed while they change. */
const HEALTH_PUSH_MS = 5_000;

interface MessageJob {
  message: OutboundMessage;
  partIds: string[];
  remaining: number;
  result: SubmitResult | null;
  finish: (result: SubmitResult) => void;
  /** The host's `handOff` of the batch (absent: the host does not track writes). */
  handOff?: (ids: string[]) => Promise<void>;
  /** May be written: announced to the host (or nothing to announce). */
  cleared: boolean;
}

interface PartJob {
  job: MessageJob;
  index: number;
  fields: Record<string, unknown>;
  throttles: number;
}

interface Held<T> {
  item: T;
  acks: ((status?: number) => boolean)[];
}

type Phase = 'down' | 'up' | 'draining';

/** A simple FIFO with a moving head: shift() on a large array would copy it every time. */
class Queue<T> {
  private items: T[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(item: T): void {
    this.items.push(item);
  }
  unshift(item: T): void {
    if (this.head > 0) this.items[--this.head] = item;
    else this.items.unshift(item);
  }
  peek(): T | undefined {
    return this.items[this.head];
  }
  at(index: number): T | undefined {
    return this.items[this.head + index];
  }
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T;
    if (this.head > 1_024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  drain(): T[] {
    const out = this.items.slice(this.head);
    this.items = [];
    this.head = 0;
    return out;
  }
}

function isAlphanumeric(address: string): boolean {
  return !/^\+?\d+$/.test(address);
}

export class SmppGateway implements Gateway {
  readonly idempotentSubmit = false;
  readonly announcesWrites = true;
  readonly maxBatchSize: number;
  readonly maxPerSecond: number;

  private host: GatewayHost | null = null;
  private phase: Phase = 'down';
  private sessions: SmppSession[] = [];
  private readonly queue = new Queue<PartJob>();
  private tokens: number;
  private tokensAt = performance.now();
  private next = 0;
  private ref = Math.floor(Math.random() * 0xffff);
  private pumpScheduled = false;
  private pumpTimer: NodeJS.Timeout | null = null;
  private readonly partMap = new Map<string, string>();
  private readonly heldReports: Held<DeliveryReport>[] = [];
  private readonly heldInbound: Held<InboundMessage>[] = [];
  private handOverTimer: NodeJS.Timeout | null = null;
  private readonly handOvers = new Set<Promise<void>>();
  private handOverFailedAt = 0;
  private readonly mo: MoAssembler<(status?: number) => boolean>;
  private moTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private lastLive = '';
  private lastHealth = '';
  private lastError: HealthNote | null = null;
  /** Submits per second over the last 5 whole seconds: [second, count] pairs. */
  private readonly rate: [number, number][] = [];
  private closing: Promise<void> | null = null;
  /** A round of `handOff` calls under way: the head of the queue waits for it. */
  private clearing = false;

  constructor(readonly id: string, private readonly options: SmppOptions) {
    this.maxBatchSize = options.maxBatchSize;
    this.maxPerSecond = options.maxPerSecond;
    this.tokens = this.bucketSize();
    this.mo = new MoAssembler(options.moReassemblyMs);
  }

  async connect(host: GatewayHost): Promise<void> {
    if (this.phase !== 'down') throw new Error('already connected');
    this.host = host;
    this.phase = 'up';
    const o = this.options;
    const config: SessionConfig = {
      host: o.host, port: o.port, tls: o.tls, tlsCa: o.tlsCa, tlsInsecure: o.tlsInsecure, systemId: o.systemId, password: o.password,
      systemType: o.systemType, window: o.window, responseTimeoutMs: o.responseTimeoutMs, enquireLinkMs: o.enquireLinkMs,
      reconnectMinMs: o.reconnectMinMs, reconnectMaxMs: o.reconnectMaxMs,
    };
    const types: BindType[] = [];
    for (let i = 0; i < o.binds; i++) {
      if (o.bindMode === 'transceiver') types.push('transceiver');
      else types.push('transmitter', 'receiver');
    }
    const listener = {
      stateChanged: () => {
        this.reportHealth();
        // A bind lost with parts still queued: the pump answers them (NotConnected) or moves them.
        this.schedulePump();
      },
      capacity: () => this.schedulePump(),
      deliver: (pdu: SmppPdu, ack: (status?: number) => boolean) => this.onDeliver(pdu, ack),
    };
    this.sessions = types.map((type, i) => new SmppSession(i, type, config, listener, host.logger));
    const transmitters = this.sessions.filter((s) => s.transmits).length;
    for (const s of this.sessions) s.baseRate = o.maxPerSecond / Math.max(1, transmitters);
    this.moTimer = setInterval(() => this.expireMo(), Math.max(100, Math.min(1_000, o.moReassemblyMs / 4)));
    // Window use and submits/s move all the time: the agent screen gets them every few seconds
    // while they change, not on every PDU.
    this.healthTimer = setInterval(() => this.reportHealth(false, true), HEALTH_PUSH_MS);
    // Never throws: a refused bind or an unreachable centre is health, and reconnect keeps trying.
    await Promise.all(this.sessions.map((s) => s.start()));
    this.reportHealth(true);
  }

  submit(batch: OutboundMessage[], context?: SubmitContext): Promise<SubmitResult[]> {
    if (batch.length === 0) return Promise.resolve([]);
    if (this.phase !== 'up' || !this.sessions.some((s) => s.transmits && s.bound)) {
      const code = this.phase === 'up' ? 'NotConnected' : 'Disconnected';
      const text = this.phase === 'up' ? `no SMPP bind is up${this.lastError ? `: ${healthNoteText(this.lastError)}` : ''}` : 'the gateway is not connected';
      return Promise.resolve(batch.map((m) => ({ id: m.id, status: 'transient' as const, code, message: text })));
    }
    // One function per batch: the batch's messages are announced together.
    const handOff = context?.handOff ? (ids: string[]) => context.handOff!(ids) : undefined;
    return new Promise<SubmitResult[]>((resolve) => {
      const results: SubmitResult[] = new Array(batch.length);
      let open = batch.length;
      batch.forEach((message, i) => {
        const finish = (result: SubmitResult) => {
          results[i] = result;
          if (--open === 0) resolve(results);
        };
        this.enqueue(message, finish, handOff);
      });
      this.schedulePump();
    });
  }

  async health(): Promise<GatewayHealth> {
    return this.currentHealth();
  }

  /**
   * query_sm per message (SMPP 3.4 §4.8), by the id submit_sm_resp gave and the source address it
   * was sent from, on the bound transmitting sessions in turn, at most `window` questions in flight
   * per session. query_sm_resp's message_state is read as a receipt's (`queriedStateOf`); an error
   * status (ESME_RQUERYFAIL, ESME_RINVMSGID…), a time-out or a lost bind answer `unknown`. A
   * long message is asked about by the id the host stored: its first part's (the centre's state of
   * that part stands for the message, as its receipt does).
   */
  async queryStatus(queries: StatusQuery[]): Promise<StatusAnswer[]> {
    const at = () => this.host?.now() ?? new Date();
    const unknown = (q: StatusQuery, providerStatus: string): StatusAnswer => ({ providerId: q.providerId, state: 'unknown', providerStatus, at: at() });
    const answers: StatusAnswer[] = new Array(queries.length);
    const o = this.options;
    let next = 0;
    const askOne = (q: StatusQuery): Promise<StatusAnswer> => new Promise((resolve) => {
      const sessions = this.sessions.filter((s) => s.transmits && s.bound);
      if (this.phase !== 'up' || sessions.length === 0) return resolve(unknown(q, 'NOT_BOUND'));
      const session = sessions[next++ % sessions.length]!;
      const alpha = isAlphanumeric(q.from);
      let sent = false;
      try {
        sent = session.query({ message_id: q.providerId, source_addr_ton: alpha ? 5 : o.sourceTon, source_addr_npi: alpha ? 0 : o.sourceNpi, source_addr: q.from }, (answer: Answer) => {
          if (answer.kind !== 'resp') return resolve(unknown(q, answer.kind === 'timeout' ? 'TIMEOUT' : 'CONNECTION_LOST'));
          if (answer.status !== 0) return resolve(unknown(q, `0x${answer.status.toString(16).padStart(8, '0')}`));
          const state = Number(answer.pdu?.message_state ?? -1);
          const read = queriedStateOf(state);
          const finalDate = answer.pdu?.final_date;
          resolve({
            providerId: q.providerId, state: read.state, providerStatus: read.stat,
            at: finalDate instanceof Date && !Number.isNaN(finalDate.getTime()) ? finalDate : at(),
            raw: { message_state: state, error_code: answer.pdu?.error_code ?? null, final_date: finalDate instanceof Date ? finalDate.toISOString() : finalDate ?? null },
          });
        });
      } catch {
        sent = false;
      }
      if (!sent) resolve(unknown(q, 'NOT_WRITTEN'));
    });
    // At most a window of questions per bound session at once; each resolves whatever happens.
    const width = Math.max(1, o.window * Math.max(1, this.sessions.filter((s) => s.transmits && s.bound).length));
    for (let i = 0; i < queries.length; i += width) {
      const chunk = queries.slice(i, i + width);
      const got = await Promise.all(chunk.map(askOne));
      got.forEach((a, k) => { answers[i + k] = a; });
    }
    return answers;
  }

  disconnect(options: { drain: boolean }): Promise<void> {
    this.closing ??= this.close(options).finally(() => { this.closing = null; });
    return this.closing;
  }

  private async close(options: { drain: boolean }): Promise<void> {
    if (this.phase === 'down') return;
    const host = this.host!;
    this.phase = 'draining';
    if (options.drain) {
      // Submits already queued still go out (their batch is waiting for answers); new ones are refused.
      const until = performance.now() + this.options.responseTimeoutMs * 2 + 1_000;
      while ((this.queue.size > 0 || this.inFlight() > 0) && performance.now() < until) await sleep(5);
      await Promise.all(this.sessions.map((s) => s.stop(true)));
      const handOverUntil = performance.now() + DRAIN_HAND_OVER_MS;
      while ((this.heldReports.length > 0 || this.heldInbound.length > 0 || this.handOvers.size > 0) && performance.now() < handOverUntil) {
        if (this.handOvers.size === 0 && !this.handOverTimer) this.handOver();
        await (this.handOvers.size > 0 ? Promise.race(this.handOvers) : sleep(20));
      }
    } else {
      await Promise.all(this.sessions.map((s) => s.stop(false)));
    }
    for (const part of this.queue.drain()) this.fail(part.job, { id: part.job.message.id, status: 'transient', code: 'Disconnected', message: 'the gateway disconnected before sending it' });
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    if (this.handOverTimer) clearTimeout(this.handOverTimer);
    if (this.moTimer) clearInterval(this.moTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.pumpTimer = this.handOverTimer = this.moTimer = this.healthTimer = null;
    this.lastLive = '';
    // Not acknowledged means the centre keeps them and delivers them again after the next bind.
    const unacked = this.heldReports.length + this.heldInbound.length + this.mo.size;
    if (unacked > 0) host.logger.warn({ reports: this.heldReports.length, inbound: this.heldInbound.length, moParts: this.mo.size }, 'smpp: closed with receipts not handed over; the centre will resend them');
    this.heldReports.length = 0;
    this.heldInbound.length = 0;
    this.mo.flush();
    this.sessions = [];
    this.phase = 'down';
    this.host = null;
    this.lastHealth = '';
    host.statusChanged({ ...describedBy(healthNote('disconnected')), state: 'down' });
  }

  // ---- submitting ----

  private enqueue(message: OutboundMessage, finish: (result: SubmitResult) => void, handOff?: (ids: string[]) => Promise<void>): void {
    let segments: Segment[];
    try {
      if (typeof message.text !== 'string' || message.text.length === 0) {
        finish({ id: message.id, status: 'rejected', code: 'TextIsEmpty', message: 'empty text' });
        return;
      }
      this.ref = (this.ref + 1) & 0xffff;
      segments = buildSegments(message, this.options, this.options.longMessage === 'udh8' ? this.ref & 0xff : this.ref);
    } catch (err) {
      finish({ id: message.id, status: 'rejected', code: 'InvalidRequest', message: err instanceof Error ? err.message : String(err) });
      return;
    }
    const job: MessageJob = { message, partIds: new Array(segments.length), remaining: segments.length, result: null, finish, handOff, cleared: !handOff };
    const o = this.options;
    const alpha = isAlphanumeric(message.from);
    segments.forEach((segment, index) => {
      const fields: Record<string, unknown> = {
        source_addr_ton: alpha ? 5 : o.sourceTon,
        source_addr_npi: alpha ? 0 : o.sourceNpi,
        source_addr: message.from,
        dest_addr_ton: o.destTon,
        dest_addr_npi: o.destNpi,
        destination_addr: message.to,
        esm_class: segment.esmClass,
        registered_delivery: o.registeredDelivery,
        data_coding: segment.dataCoding,
        short_message: segment.shortMessage,
        ...segment.tlvs,
      };
      this.queue.push({ job, index, fields, throttles: 0 });
    });
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    // Many answers arrive in one socket read: one pump per turn of the event loop, not one each.
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private bucketSize(): number {
    return Math.max(1, this.options.maxPerSecond / 10);
  }

  private pump(): void {
    if (this.phase === 'down' || this.queue.size === 0) return;
    const now = performance.now();
    this.tokens = Math.min(this.bucketSize(), this.tokens + ((now - this.tokensAt) * this.maxPerSecond) / 1_000);
    this.tokensAt = now;
    const sessions = this.sessions;
    while (this.queue.size > 0) {
      const part = this.queue.peek()!;
      if (part.job.result) {
        this.queue.shift();
        continue;
      }
      if (this.tokens < 1) {
        this.wakeAt(now + ((1 - this.tokens) * 1_000) / this.maxPerSecond);
        return;
      }
      let session: SmppSession | null = null;
      for (let k = 0; k < sessions.length; k++) {
        const s = sessions[(this.next + k) % sessions.length]!;
        if (s.canSubmit(now)) {
          session = s;
          this.next = (this.next + k + 1) % sessions.length;
          break;
        }
      }
      if (!session) {
        if (!sessions.some((s) => s.transmits && s.bound)) {
          // Nothing can send: answer now (transient) rather than hold the batch until a reconnect.
          for (const p of this.queue.drain()) this.fail(p.job, { id: p.job.message.id, status: 'transient', code: 'NotConnected', message: `no SMPP bind is up${this.lastError ? `: ${healthNoteText(this.lastError)}` : ''}` });
          return;
        }
        const resume = sessions.map((s) => s.resumeAt(now)).filter((t) => t > 0);
        if (resume.length > 0) this.wakeAt(Math.min(...resume));
        return; // else a window is full: the next answer pumps again
      }
      if (!part.job.cleared) {
        // Not announced yet: nothing of it is written before the host recorded it may leave, so a
        // crash leaves only announced messages in doubt. The round ends by pumping again.
        this.announce(now);
        return;
      }
      this.queue.shift();
      let sent: boolean;
      try {
        sent = session.submit(part.fields, (answer) => this.answered(part, session, answer));
      } catch (err) {
        this.fail(part.job, { id: part.job.message.id, status: 'rejected', code: 'InvalidRequest', message: err instanceof Error ? err.message : String(err) });
        continue;
      }
      if (!sent) {
        this.queue.unshift(part);
        continue;
      }
      this.tokens -= 1;
      this.countSubmit(now);
    }
  }

  /**
   * One round of `handOff`: the messages of the parts that can be written now (the free windows,
   * within the rate's tokens), from the head of the queue, announced per batch. Only what can go
   * out at once is announced — a crash in doubt beyond the windows is what this avoids — and one
   * round at a time: answers that free room meanwhile are announced together by the next round.
   * A refused announcement answers its messages transient (not in doubt: nothing was written).
   */
  private announce(now: number): void {
    if (this.clearing) return;
    let room = 0;
    for (const s of this.sessions) room += s.room(now);
    const budget = Math.max(1, Math.min(room, Math.floor(this.tokens)));
    const groups = new Map<(ids: string[]) => Promise<void>, MessageJob[]>();
    const seen = new Set<MessageJob>();
    for (let i = 0, parts = 0; parts < budget && i < this.queue.size; i++) {
      const part = this.queue.at(i)!;
      const job = part.job;
      if (job.result) continue;
      parts++;
      if (job.cleared || !job.handOff || seen.has(job)) continue;
      seen.add(job);
      const group = groups.get(job.handOff);
      if (group) group.push(job);
      else groups.set(job.handOff, [job]);
    }
    if (groups.size === 0) return;
    this.clearing = true;
    const rounds = [...groups].map(([handOff, jobs]) => Promise.resolve()
      .then(() => handOff(jobs.map((j) => j.message.id)))
      .then(
        () => { for (const j of jobs) j.cleared = true; },
        (err: unknown) => {
          this.host?.logger.warn({ err, count: jobs.length }, 'smpp: the host did not record the hand-off; those messages are not written');
          for (const j of jobs) this.fail(j, { id: j.message.id, status: 'transient', code: 'HandOffRefused', message: err instanceof Error ? err.message : String(err) });
        },
      ));
    void Promise.all(rounds).finally(() => {
      this.clearing = false;
      this.schedulePump();
    });
  }

  private wakeAt(at: number): void {
    if (this.pumpTimer) return;
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      this.pump();
    }, Math.max(1, Math.ceil(at - performance.now())));
  }

  private answered(part: PartJob, session: SmppSession, answer: Answer): void {
    const job = part.job;
    if (job.result) return;
    const id = job.message.id;
    if (answer.kind === 'timeout') {
      // Written, never answered: the centre may have it (the host asks again only an idempotent gateway).
      this.fail(job, { id, status: 'transient', code: 'Timeout', message: `no submit_sm_resp within ${this.options.responseTimeoutMs} ms`, inDoubt: true });
      return;
    }
    if (answer.kind === 'lost') {
      this.fail(job, { id, status: 'transient', code: 'ConnectionLost', message: 'the connection closed before the centre answered', inDoubt: true });
      return;
    }
    const outcome = answer.command === 'generic_nack' && answer.status === 0 ? statusOutcome(0x03) : statusOutcome(answer.status);
    if (outcome.kind === 'ok') {
      let providerId = answer.messageId;
      if (providerId === '') {
        // The centre took it (ESME_ROK) but gave no id: a transient would send it twice.
        providerId = `smpp-noid-${job.message.id}-${part.index}`;
        this.host?.logger.warn({ id }, 'smpp: submit_sm_resp without message_id; receipts cannot be matched');
      }
      if (this.options.receiptIdFormat === 'decimal-to-hex') providerId = providerId.toLowerCase();
      job.partIds[part.index] = providerId;
      // Mapped as soon as both ids are known: a later part's receipt may come before the last resp.
      const first = job.partIds[0];
      if (first !== undefined) {
        if (part.index > 0) this.rememberPart(providerId, first);
        else for (let i = 1; i < job.partIds.length; i++) if (job.partIds[i] !== undefined) this.rememberPart(job.partIds[i]!, first);
      }
      if (--job.remaining === 0) {
        job.result = { id, status: 'accepted', providerId: job.partIds[0]! };
        job.finish(job.result);
      }
      return;
    }
    if (outcome.kind === 'throttle') {
      session.throttled(performance.now());
      if (part.throttles < this.options.throttleRetries) {
        part.throttles++;
        this.queue.unshift(part);
        this.schedulePump();
        return;
      }
      this.fail(job, { id, status: 'transient', code: 'Throttled', message: outcome.name });
      return;
    }
    this.fail(job, { id, status: outcome.kind, code: outcome.code, message: outcome.name });
  }

  private fail(job: MessageJob, result: SubmitResult): void {
    if (job.result) return;
    // A part already taken by the centre means sending the message again repeats that part on the phone.
    if (result.status === 'transient' && !result.inDoubt && job.partIds.some((p) => p !== undefined)) result = { ...result, inDoubt: true };
    job.result = result;
    job.finish(result);
  }

  private rememberPart(partId: string, firstId: string): void {
    this.partMap.set(partId.toLowerCase(), firstId);
    if (this.partMap.size > PART_MAP_LIMIT) {
      const oldest = this.partMap.keys().next().value;
      if (oldest !== undefined) this.partMap.delete(oldest);
    }
  }

  private countSubmit(now: number): void {
    const second = Math.floor(now / 1_000);
    const last = this.rate[this.rate.length - 1];
    if (last && last[0] === second) last[1]++;
    else {
      this.rate.push([second, 1]);
      if (this.rate.length > 6) this.rate.shift();
    }
  }

  // ---- receipts and inbound ----

  private onDeliver(pdu: SmppPdu, ack: (status?: number) => boolean): void {
    const host = this.host;
    if (!host || this.phase === 'down') return;
    const esmClass = typeof pdu.esm_class === 'number' ? pdu.esm_class : 0;
    const decoded = (pdu.short_message ?? pdu.message_payload) as DecodedMessage | Buffer | string | undefined;
    const payload = (pdu.message_payload as DecodedMessage | undefined) ?? undefined;
    const text = textOf(decoded, pdu.data_coding) || textOf(payload, pdu.data_coding);
    if (isReceipt(esmClass)) {
      const receipt = parseReceipt({
        esmClass,
        text,
        receiptedMessageId: typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : undefined,
        messageState: typeof pdu.message_state === 'number' ? pdu.message_state : undefined,
      }, this.options.receiptIdFormat);
      if (!receipt) {
        // Unreadable: acknowledged, or the centre would resend it forever; kept in the log.
        host.logger.warn({ text, esmClass }, 'smpp: receipt without an id or a state; acknowledged and ignored');
        ack();
        return;
      }
      if (this.partMap.has(receipt.id.toLowerCase())) {
        // A later part's receipt: the message's report is its first part's (README, "Receipts").
        ack();
        return;
      }
      const report: DeliveryReport = {
        providerId: receipt.id,
        state: receipt.state,
        providerStatus: receipt.err !== undefined ? `${receipt.stat} err:${receipt.err}` : receipt.stat,
        at: host.now(),
        raw: { text, receiptedMessageId: pdu.receipted_message_id, messageState: pdu.message_state, doneDate: receipt.doneDate, submitDate: receipt.submitDate },
      };
      this.heldReports.push({ item: report, acks: [ack] });
      this.scheduleHandOver();
      return;
    }
    const from = String(pdu.source_addr ?? '');
    const to = String(pdu.destination_addr ?? '');
    const udh = decoded && typeof decoded === 'object' && !Buffer.isBuffer(decoded) ? decoded.udh : undefined;
    let concat = udh ? concatInfoFromUdh(udh) : null;
    if (!concat && typeof pdu.sar_msg_ref_num === 'number' && typeof pdu.sar_total_segments === 'number' && typeof pdu.sar_segment_seqnum === 'number') {
      concat = { ref: pdu.sar_msg_ref_num, total: pdu.sar_total_segments, seq: pdu.sar_segment_seqnum };
    }
    const whole = this.mo.add({ from, to, text, ref: concat?.ref ?? 0, total: concat?.total ?? 1, seq: concat?.seq ?? 1 }, performance.now(), ack);
    if (whole) this.holdInbound(whole.from, whole.to, whole.text, whole.complete, whole.tokens);
  }

  private holdInbound(from: string, to: string, text: string, complete: boolean, acks: ((status?: number) => boolean)[]): void {
    const host = this.host;
    if (!host) return;
    this.heldInbound.push({ item: { from, to, text, at: host.now(), raw: { complete } }, acks });
    this.scheduleHandOver();
  }

  private expireMo(): void {
    for (const partial of this.mo.expire(performance.now())) {
      this.host?.logger.warn({ from: partial.from, ref: partial.ref, parts: partial.seqs }, 'smpp: concatenated inbound message incomplete after the time-out; delivering what came');
      this.holdInbound(partial.from, partial.to, partial.text, false, partial.tokens);
    }
  }

  private scheduleHandOver(): void {
    if (this.handOverTimer || this.handOvers.size >= HAND_OVERS_AT_ONCE) return;
    const wait = this.handOverFailedAt > 0 ? Math.max(COLLECT_MS, this.handOverFailedAt + HAND_OVER_RETRY_MS - performance.now()) : COLLECT_MS;
    this.handOverTimer = setTimeout(() => {
      this.handOverTimer = null;
      this.handOver();
    }, wait);
  }

  /** One group to the host; acknowledged to the centre only once the host resolved. */
  private handOver(): void {
    const host = this.host;
    if (!host || this.handOvers.size >= HAND_OVERS_AT_ONCE) return;
    const reports = this.heldReports.splice(0, HAND_OVER_LIMIT);
    const inbound = this.heldInbound.splice(0, HAND_OVER_LIMIT);
    if (reports.length === 0 && inbound.length === 0) return;
    let failed = false;
    const handOver: Promise<void> = (async () => {
      if (reports.length > 0) {
        try {
          await host.deliveryReports(reports.map((r) => r.item));
          for (const r of reports) for (const ack of r.acks) ack();
        } catch (err) {
          failed = true;
          this.heldReports.unshift(...reports);
          host.logger.warn({ err, count: reports.length }, 'smpp: host did not take receipts; not acknowledged, retrying');
        }
      }
      if (inbound.length > 0) {
        try {
          await host.inbound(inbound.map((m) => m.item));
          for (const m of inbound) for (const ack of m.acks) ack();
        } catch (err) {
          failed = true;
          this.heldInbound.unshift(...inbound);
          host.logger.warn({ err, count: inbound.length }, 'smpp: host did not take inbound messages; not acknowledged, retrying');
        }
      }
    })().finally(() => {
      this.handOvers.delete(handOver);
      this.handOverFailedAt = failed ? performance.now() : 0;
      if ((this.heldReports.length > 0 || this.heldInbound.length > 0) && this.phase === 'up') this.scheduleHandOver();
    });
    this.handOvers.add(handOver);
  }

  // ---- health ----

  private inFlight(): number {
    let n = 0;
    for (const s of this.sessions) n += s.submitsInFlight;
    return n;
  }

  private currentHealth(): GatewayHealth {
    const total = this.sessions.length;
    if (this.phase === 'down' || total === 0) return { ...describedBy(healthNote('notConnected')), state: 'down', inFlight: 0 };
    const bound = this.sessions.filter((s) => s.bound).length;
    const errors = this.sessions.map((s) => s.problem).filter((e): e is HealthNote => e !== null);
    if (errors.length > 0) this.lastError = errors[0]!;
    const nowSecond = Math.floor(performance.now() / 1_000);
    const recent = this.rate.filter(([s]) => s < nowSecond && s >= nowSecond - 5);
    const submitsPerSecond = recent.length > 0 ? Math.round(recent.reduce((a, [, c]) => a + c, 0) / 5) : 0;
    const state = this.phase === 'draining' ? 'degraded' : bound === total ? 'up' : bound > 0 ? 'degraded' : 'down';
    const binds = healthNote('bindsBound', { bound, total });
    const notes = this.phase === 'draining'
      ? [healthNote('draining')]
      : bound === total ? [binds] : [binds, errors[0] ?? healthNote('connecting')];
    const health: GatewayHealth = { state, ...describedBy(...notes), inFlight: this.inFlight(), binds: { bound, total }, submitsPerSecond };
    if (this.lastError) {
      health.lastError = healthNoteText(this.lastError);
      health.lastErrorNote = this.lastError;
    }
    return health;
  }

  /** Pushes health when the state or its detail changed; with `live`, also when window use or the rate did. */
  private reportHealth(force = false, live = false): void {
    const host = this.host;
    if (!host || this.phase === 'down') return;
    const health = this.currentHealth();
    const key = `${health.state}|${health.detail}`;
    const liveKey = `${health.inFlight}|${health.submitsPerSecond}`;
    if (!force && key === this.lastHealth && (!live || liveKey === this.lastLive)) return;
    this.lastHealth = key;
    this.lastLive = liveKey;
    host.statusChanged(health);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The text of a short_message / message_payload as the library decoded it (GSM, Latin-1 or UCS-2). */
function textOf(value: DecodedMessage | Buffer | string | undefined, dataCoding: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return (Number(dataCoding) & 0x0f) === 0 ? decodeGsm7(value) : value.toString('latin1');
  const m = value.message;
  if (typeof m === 'string') return m;
  if (Buffer.isBuffer(m)) return (Number(dataCoding) & 0x0f) === 0 ? decodeGsm7(m) : m.toString('latin1');
  return '';
}
