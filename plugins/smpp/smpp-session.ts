import { encodeDeliverSmResp, encodeSubmitSm, nextSequence } from './pdu-codec.js';
import { healthNote, healthNoteText, type GatewayLogger, type HealthNote } from '../../server/gateways/gateway-sdk.js';
import { connectSession, makePdu, type SmppPdu, type SmppSession as LibSession } from './smpp-lib.js';
import { describeStatus, hexStatus, STATUS_NAMES } from './status-codes.js';

export type BindType = 'transceiver' | 'transmitter' | 'receiver';

export interface SessionConfig {
  host: string;
  port: number;
  tls: boolean;
  tlsCa?: string;
  tlsInsecure: boolean;
  systemId: string;
  password: string;
  systemType: string;
  window: number;
  responseTimeoutMs: number;
  enquireLinkMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

/** What became of one request: its response, no response in time, or the connection went first. */
export type Answer =
  /** `pdu`: the response itself, for answers that carry more than a message id (query_sm_resp). */
  | { kind: 'resp'; status: number; messageId: string; command: string; pdu?: SmppPdu }
  | { kind: 'timeout' }
  | { kind: 'lost' };

export interface SessionListener {
  /** Bound, unbound, or a new error: the gateway recomputes its health. */
  stateChanged(): void;
  /** Room in the window again (a response came, the socket drained, a pause ended). */
  capacity(): void;
  /** A deliver_sm (or data_sm): `ack` answers it; call it only once the host took what it carries. */
  deliver(pdu: SmppPdu, ack: (status?: number) => boolean): void;
}

type Phase = 'idle' | 'connecting' | 'binding' | 'bound' | 'unbinding';

interface Outstanding {
  deadline: number;
  submit: boolean;
  done: (answer: Answer) => void;
}

const BIND_COMMAND: Record<BindType, string> = { transceiver: 'bind_transceiver', transmitter: 'bind_transmitter', receiver: 'bind_receiver' };
/** Requests the centre may send that want a plain `_resp`; anything else unknown gets generic_nack. */
const THROTTLE_PAUSE_MS = 250;
const THROTTLE_RECOVER_MS = 2_000;
const MIN_FACTOR = 1 / 64;

/** A socket error as the panel's health line says it (a code the panel words in its language). */
function describeSocketError(err: unknown, host: string, port: number): HealthNote {
  const e = err as NodeJS.ErrnoException;
  const address = `${host}:${port}`;
  switch (e?.code) {
    case 'ECONNREFUSED': return healthNote('connectionRefused', { address });
    case 'ENOTFOUND': case 'EAI_AGAIN': return healthNote('hostNotFound', { host });
    case 'ETIMEDOUT': return healthNote('connectionTimedOut', { address });
    case 'ECONNRESET': return healthNote('connectionReset', { address });
    case 'EHOSTUNREACH': case 'ENETUNREACH': return healthNote('hostUnreachable', { host });
    default: return healthNote('connectionError', { error: e?.message ? e.message : String(err) });
  }
}

/**
 * One SMPP session (one TCP or TLS connection, one bind). It owns what the `smpp` library lacks:
 * a window of outstanding requests with a response time-out (one sweep timer, no timer per PDU),
 * enquire_link keep-alive, reconnect with back-off, socket back-pressure, and a slow-down when the
 * centre throttles. Every request ends in exactly one Answer, whatever happens to the connection.
 */
export class SmppSession {
  phase: Phase = 'idle';
  /** What went wrong last (cleared when bound again); `lastError` is its English text. */
  problem: HealthNote | null = null;
  /** Outstanding submit_sm (the window in use). */
  submitsInFlight = 0;

  get lastError(): string | null {
    return this.problem ? healthNoteText(this.problem) : null;
  }

  private lib: LibSession | null = null;
  private generation = 0;
  private stopped = true;
  private attempt = 0;
  private readonly outstanding = new Map<number, Outstanding>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private enquireTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private connectDeadline = 0;
  private enquirePending = false;
  private corked = false;
  private firstAttempt: (() => void) | null = null;
  /** Throttle state: a factor below 1 gives this session its own, slower token bucket. */
  private factor = 1;
  private pausedUntil = 0;
  private lastThrottleAt = 0;
  private tokens = 0;
  private tokensAt = 0;
  /** The gateway's rate divided among its transmitting sessions, set by the gateway. */
  baseRate = 100;

  constructor(
    readonly index: number,
    readonly type: BindType,
    private readonly config: SessionConfig,
    private readonly listener: SessionListener,
    private readonly logger: GatewayLogger,
  ) {}

  get bound(): boolean {
    return this.phase === 'bound';
  }

  get transmits(): boolean {
    return this.type !== 'receiver';
  }

  /** Opens the session; resolves once the first bind attempt ended either way (never rejects). */
  start(): Promise<void> {
    this.stopped = false;
    const sweepEvery = Math.max(5, Math.min(100, Math.floor(this.config.responseTimeoutMs / 4)));
    this.sweepTimer = setInterval(() => this.sweep(), sweepEvery);
    return new Promise<void>((resolve) => {
      this.firstAttempt = resolve;
      this.open();
    });
  }

  /** May a submit go out now: bound, room in the window, socket not backed up, not paused for throttling. */
  canSubmit(now: number): boolean {
    if (this.phase !== 'bound' || this.type === 'receiver' || this.submitsInFlight >= this.config.window) return false;
    const socket = this.lib?.socket;
    if (!socket || !socket.writable || socket.writableNeedDrain) return false;
    if (now < this.pausedUntil) return false;
    if (this.factor < 1) {
      if (now - this.lastThrottleAt > THROTTLE_RECOVER_MS) {
        this.factor = Math.min(1, this.factor * 2);
        this.lastThrottleAt = now;
      }
      if (this.factor < 1) {
        const rate = Math.max(1, this.baseRate * this.factor);
        this.tokens = Math.min(Math.max(1, rate / 10), this.tokens + ((now - this.tokensAt) * rate) / 1_000);
        this.tokensAt = now;
        if (this.tokens < 1) return false;
      }
    }
    return true;
  }

  /** How many submits may go out now (0 when none may): what the plugin announces before writing. */
  room(now: number): number {
    return this.canSubmit(now) ? this.config.window - this.submitsInFlight : 0;
  }

  /** When a paused or slowed session may send again (ms, performance.now() clock), or 0. */
  resumeAt(now: number): number {
    if (this.phase !== 'bound' || this.type === 'receiver') return 0;
    if (now < this.pausedUntil) return this.pausedUntil;
    if (this.factor < 1 && this.tokens < 1) return now + 1_000 / Math.max(1, this.baseRate * this.factor);
    return 0;
  }

  /** The centre said it is overloaded: pause briefly and halve this session's rate. */
  throttled(now: number): void {
    if (this.factor === 1) {
      this.tokens = 0;
      this.tokensAt = now;
    }
    this.factor = Math.max(MIN_FACTOR, this.factor / 2);
    this.lastThrottleAt = now;
    this.pausedUntil = now + THROTTLE_PAUSE_MS;
  }

  /**
   * Sends a query_sm (SMPP 3.4 §4.8): outside the submit window (a status question holds no
   * message), answered like every request — response, time-out or lost. False when not bound or
   * not written (`done` never called).
   */
  query(fields: Record<string, unknown>, done: (answer: Answer) => void): boolean {
    if (this.phase !== 'bound' || this.type === 'receiver') return false;
    return this.request('query_sm', fields, false, done);
  }

  /** Sends a submit_sm; false when it could not be written (nothing sent, `done` never called). */
  submit(fields: Record<string, unknown>, done: (answer: Answer) => void): boolean {
    const sent = this.request('submit_sm', fields, true, done);
    if (sent && this.factor < 1) this.tokens -= 1;
    return sent;
  }

  /**
   * Stops the session. With `drain`, waits (bounded by the response time-out) for answers to the
   * submits in flight, then unbinds politely; without, drops the connection at once (outstanding
   * requests answer `lost`).
   */
  async stop(drain: boolean): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (drain) {
      const until = performance.now() + this.config.responseTimeoutMs + 200;
      while (this.submitsInFlight > 0 && this.phase === 'bound' && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
      if (this.phase === 'bound') {
        this.phase = 'unbinding';
        await new Promise<void>((resolve) => {
          if (!this.request('unbind', {}, false, () => resolve())) resolve();
        });
      }
    }
    const lib = this.lib;
    this.closeConnection(healthNote(drain ? 'unbound' : 'disconnected'));
    if (lib) lib.destroy();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    this.firstAttempt?.();
    this.firstAttempt = null;
  }

  private request(command: string, fields: Record<string, unknown>, submit: boolean, done: (answer: Answer) => void): boolean {
    const lib = this.lib;
    if (!lib) return false;
    let sent: boolean;
    let sequence: number;
    try {
      if (command === 'submit_sm') {
        // The hot path, written directly (pdu-codec.ts); nothing is sent when encoding throws.
        if (!lib.socket.writable) return false;
        const bytes = encodeSubmitSm(sequence = nextSequence(lib), fields);
        sent = this.write(lib, bytes);
      } else {
        const pdu = makePdu(command, fields);
        sent = this.send(lib, pdu);
        sequence = pdu.sequence_number;
      }
    } catch (err) {
      // A field that cannot be encoded (a too-long address…): nothing went out.
      this.logger.warn({ err, command }, 'smpp: could not encode a PDU');
      throw err;
    }
    if (!sent) return false;
    this.outstanding.set(sequence, { deadline: performance.now() + this.config.responseTimeoutMs, submit, done });
    if (submit) this.submitsInFlight++;
    return true;
  }

  /**
   * Writes through a corked socket, uncorked on the next tick: the library writes each PDU on its
   * own, and a window of small writes as one syscall is most of the throughput at high rates.
   */
  private send(lib: LibSession, pdu: SmppPdu): boolean {
    this.cork(lib);
    return lib.send(pdu);
  }

  /** Bytes already encoded (pdu-codec.ts), through the same corked socket. */
  private write(lib: LibSession, bytes: Buffer): boolean {
    if (!lib.socket.writable) return false;
    this.cork(lib);
    lib.socket.write(bytes);
    return true;
  }

  private cork(lib: LibSession): void {
    if (!this.corked && lib.socket.writable) {
      this.corked = true;
      lib.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        lib.socket.uncork();
      });
    }
  }

  private open(): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.phase = 'connecting';
    this.connectDeadline = performance.now() + this.config.responseTimeoutMs;
    let lib: LibSession;
    try {
      lib = connectSession({ host: this.config.host, port: this.config.port, tls: this.config.tls, ca: this.config.tlsCa, rejectUnauthorized: !this.config.tlsInsecure });
    } catch (err) {
      this.failed(describeSocketError(err, this.config.host, this.config.port));
      this.scheduleReconnect();
      return;
    }
    this.lib = lib;
    lib.on(this.config.tls ? 'secureConnect' : 'connect', () => {
      if (generation === this.generation) this.bind();
    });
    lib.on('pdu', (pdu: SmppPdu) => {
      if (generation === this.generation) this.onPdu(pdu);
    });
    lib.on('error', (err: unknown) => {
      if (generation !== this.generation) return;
      const problem = (err as NodeJS.ErrnoException)?.code
        ? describeSocketError(err, this.config.host, this.config.port)
        : healthNote('badPdu', { error: (err as Error)?.message ?? String(err) });
      this.logger.warn({ err, bind: this.index }, `smpp: ${healthNoteText(problem)}`);
      this.problem = problem;
      // After a parse error the library stops reading this socket for good: start over.
      lib.destroy();
    });
    lib.socket.on('drain', () => {
      if (generation === this.generation) this.listener.capacity();
    });
    lib.on('close', () => {
      if (generation !== this.generation) return;
      this.closeConnection(this.problem ?? healthNote('connectionClosed'));
      this.scheduleReconnect();
    });
  }

  private bind(): void {
    this.phase = 'binding';
    const sent = this.request(BIND_COMMAND[this.type], {
      system_id: this.config.systemId,
      password: this.config.password,
      system_type: this.config.systemType,
      interface_version: 0x34,
    }, false, (answer) => {
      if (answer.kind === 'resp' && answer.status === 0) {
        this.phase = 'bound';
        this.attempt = 0;
        this.problem = null;
        this.startEnquireLink();
        this.logger.info({ bind: this.index, type: this.type }, 'smpp: bound');
        this.listener.stateChanged();
        this.listener.capacity();
        this.firstAttempt?.();
        this.firstAttempt = null;
        return;
      }
      const why = answer.kind === 'resp'
        ? healthNote('bindRefused', { status: describeStatus(answer.status), statusName: STATUS_NAMES[answer.status]?.[0] ?? hexStatus(answer.status) })
        : healthNote(answer.kind === 'timeout' ? 'bindTimedOut' : 'lostWhileBinding');
      this.failed(why);
      this.lib?.destroy();
    });
    if (!sent) this.lib?.destroy();
  }

  private failed(problem: HealthNote): void {
    this.problem = problem;
    this.logger.warn({ bind: this.index, host: this.config.host, port: this.config.port }, `smpp: ${healthNoteText(problem)}`);
    this.listener.stateChanged();
    this.firstAttempt?.();
    this.firstAttempt = null;
  }

  private startEnquireLink(): void {
    if (this.enquireTimer) clearInterval(this.enquireTimer);
    this.enquireTimer = setInterval(() => {
      if (this.phase !== 'bound' || this.enquirePending) return;
      this.enquirePending = true;
      const sent = this.request('enquire_link', {}, false, (answer) => {
        this.enquirePending = false;
        if (answer.kind === 'timeout') {
          this.problem = healthNote('noEnquireLinkAnswer');
          this.lib?.destroy();
        }
      });
      if (!sent) this.enquirePending = false;
    }, this.config.enquireLinkMs);
  }

  private onPdu(pdu: SmppPdu): void {
    if (pdu.isResponse()) {
      const entry = this.outstanding.get(pdu.sequence_number);
      if (!entry) {
        // Its request timed out (and was answered transient) or never was ours: a late answer
        // must not turn a transient into a second outcome.
        this.logger.warn({ bind: this.index, command: pdu.command, sequence: pdu.sequence_number, status: pdu.command_status }, 'smpp: late or unknown response ignored');
        return;
      }
      this.outstanding.delete(pdu.sequence_number);
      if (entry.submit) this.submitsInFlight--;
      entry.done({ kind: 'resp', status: pdu.command_status, messageId: typeof pdu.message_id === 'string' ? pdu.message_id : '', command: pdu.command, pdu });
      if (entry.submit) this.listener.capacity();
      return;
    }
    const lib = this.lib;
    if (!lib) return;
    switch (pdu.command) {
      case 'enquire_link':
        this.send(lib, pdu.response());
        return;
      case 'unbind':
        lib.send(pdu.response());
        this.problem = healthNote('centreUnbound');
        lib.close();
        return;
      case 'deliver_sm':
      case 'data_sm': {
        const generation = this.generation;
        this.listener.deliver(pdu, (status = 0) => {
          if (generation !== this.generation || !this.lib?.socket.writable) return false;
          if (pdu.command === 'deliver_sm') return this.write(this.lib, encodeDeliverSmResp(pdu.sequence_number, status));
          return this.send(this.lib, pdu.response({ command_status: status }));
        });
        return;
      }
      case 'alert_notification':
        return;
      default:
        // Unknown command ids arrive as 'unknown' (the library's response() builds generic_nack);
        // known ones this ESME does not serve (submit_sm from the centre…) get generic_nack too.
        this.logger.warn({ bind: this.index, command: pdu.command, commandId: pdu.command_id }, 'smpp: unexpected PDU answered with generic_nack');
        lib.send(makePdu('generic_nack', { sequence_number: pdu.sequence_number, command_status: 0x03 }));
    }
  }

  /** One pass over the window: requests are in send order and share one time-out, so stop at the first not yet due. */
  private sweep(): void {
    const now = performance.now();
    if ((this.phase === 'connecting') && now > this.connectDeadline) {
      this.problem = healthNote('connectionTimedOut', { address: `${this.config.host}:${this.config.port}` });
      this.lib?.destroy();
      return;
    }
    let freed = false;
    for (const [seq, entry] of this.outstanding) {
      if (entry.deadline > now) break;
      this.outstanding.delete(seq);
      if (entry.submit) {
        this.submitsInFlight--;
        freed = true;
      }
      entry.done({ kind: 'timeout' });
    }
    if (freed) this.listener.capacity();
    if (this.pausedUntil !== 0 && now >= this.pausedUntil) {
      this.pausedUntil = 0;
      this.listener.capacity();
    }
  }

  /** The connection is gone: every outstanding request answers `lost`, timers stop. */
  private closeConnection(detail: HealthNote): void {
    const wasBound = this.phase === 'bound' || this.phase === 'unbinding';
    this.generation++;
    this.phase = 'idle';
    this.lib = null;
    this.enquirePending = false;
    if (this.enquireTimer) clearInterval(this.enquireTimer);
    this.enquireTimer = null;
    const lost = [...this.outstanding.values()];
    this.outstanding.clear();
    this.submitsInFlight = 0;
    for (const entry of lost) entry.done({ kind: 'lost' });
    if (wasBound && !this.stopped) {
      this.problem = detail;
      this.logger.warn({ bind: this.index }, `smpp: ${healthNoteText(detail)}`);
    }
    this.listener.stateChanged();
    this.firstAttempt?.();
    this.firstAttempt = null;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const base = Math.min(this.config.reconnectMaxMs, this.config.reconnectMinMs * 2 ** Math.min(this.attempt, 20));
    this.attempt++;
    // ±20 % so several binds (or several panels) do not reconnect in lock step.
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }
}
