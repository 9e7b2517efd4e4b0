import { encodeDeliverSm, encodeSubmitSmResp, nextSequence } from '../../plugins/smpp/pdu-codec.js';
import type { AddressInfo } from 'node:net';
import { smsEncoding, splitParts } from '../../server/shared/sms/sms-text.js';
import { concatUdh, encodeUcs2 } from '../../plugins/smpp/segments.js';
import { encodeGsm7 } from '../../plugins/smpp/gsm7.js';
import { concatInfoFromUdh } from '../../plugins/smpp/mo-reassembly.js';
import { createSmppServer, makePdu, type DecodedMessage, type SmppPdu, type SmppServer, type SmppSession } from '../../plugins/smpp/smpp-lib.js';

/**
 * A standalone SMSC for tests, benchmarks and trying the SMPP plugin on one machine. It accepts
 * binds, answers submit_sm with message ids, sends delivery receipts and mobile-originated
 * messages, and misbehaves on request (throttling, dropped binds, late answers, duplicate and
 * stray receipts) so the plugin's fault handling can be proven against a real socket.
 */
export interface SmscSimOptions {
  port: number;
  host: string;
  tls?: { key: string; cert: string };
  systemId: string;
  password: string;
  /** Share of messages whose receipt says DELIVRD; the rest UNDELIV. */
  deliveredRatio: number;
  receiptDelayMs: number;
  /** Delay before each submit_sm_resp. */
  submitLatencyMs: number;
  /** Share of submits answered ESME_RTHROTTLED. */
  throttleRatio: number;
  /** Close the socket on the Nth submit (without answering it); 0 = never. */
  dropBindAfterSubmits: number;
  /** With dropBindAfterSubmits: every N submits instead of once. */
  dropBindRepeat: boolean;
  /** Answer submits this late (ms); 0 = on time. */
  lateResponseMs: number;
  /** Share of submits answered late when lateResponseMs is set. */
  lateResponseRatio: number;
  /** Send each receipt before the submit_sm_resp that gives its id. */
  receiptBeforeResponse: boolean;
  duplicateReceipts: boolean;
  /** Also send a receipt for an id never given, after each real one. */
  strayReceipts: boolean;
  /** Keep receipts never acknowledged (or with no receiver bound) and deliver them on the next bind, as a real centre does. */
  keepUnackedReceipts: boolean;
  idFormat: 'hex' | 'decimal';
  receiptForm: 'tlv' | 'text' | 'both';
  /** Decide each message's outcome but send no receipt: the ESME learns it only by query_sm. */
  withholdReceipts: boolean;
  /** Answer bind with this status instead (e.g. 0x0d), whatever the password. */
  refuseBinds: number;
  seed: number;
  /** Called for every notable thing the simulator does (the CLI prints them). */
  log?: (line: string) => void;
}

export interface SubmittedMessage {
  from: string;
  to: string;
  text: string;
  parts: number;
  /** The ids given to the parts, in part order. */
  ids: string[];
  dataCoding: number;
}

export interface SmscSimStats {
  /** Sessions bound now. */
  binds: number;
  /** submit_sm received (parts), throttled and dropped ones included. */
  submits: number;
  /** Whole messages received (parts reassembled). */
  messages: number;
  receiptsSent: number;
  receiptsAcked: number;
  /** Messages whose source, destination, text and concatenation reference came before. */
  duplicates: number;
  throttled: number;
  genericNacks: number;
  /** query_sm received (answered or refused). */
  queries: number;
  moSent: number;
  moAcked: number;
}

export interface SmscSim {
  readonly port: number;
  set(options: Partial<SmscSimOptions>): void;
  dropBinds(): void;
  /** Sends a mobile-originated message to a bound receiver; `parts` > 1 splits it with an 8-bit UDH. */
  sendMo(from: string, to: string, text: string, options?: { parts?: number; sar?: boolean }): Promise<void>;
  /** Sends a PDU with an unknown command id to every bound session (the ESME should answer generic_nack). */
  sendBadPdu(): void;
  stats(): SmscSimStats;
  submittedMessages(): SubmittedMessage[];
  close(): Promise<void>;
}

const DEFAULTS: SmscSimOptions = {
  port: 0,
  host: '127.0.0.1',
  systemId: 'peyk',
  password: 'secret',
  deliveredRatio: 0.9,
  receiptDelayMs: 50,
  submitLatencyMs: 0,
  throttleRatio: 0,
  dropBindAfterSubmits: 0,
  dropBindRepeat: false,
  lateResponseMs: 0,
  lateResponseRatio: 1,
  receiptBeforeResponse: false,
  duplicateReceipts: false,
  strayReceipts: false,
  keepUnackedReceipts: true,
  idFormat: 'hex',
  receiptForm: 'both',
  withholdReceipts: false,
  refuseBinds: 0,
  seed: 1,
};

const ESME_RINVPASWD = 0x0e;
const ESME_RINVSYSID = 0x0f;
const ESME_RTHROTTLED = 0x58;
const ESME_RINVDSTADR = 0x0b;
const ESME_RINVBNDSTS = 0x04;
const ESME_RQUERYFAIL = 0x67;
/** query_sm answers are kept for this many messages (the oldest forgotten first): a centre keeps states a while, not forever. */
const KEEP_STATES = 200_000;
/** message_state values of query_sm_resp (SMPP 3.4 §5.2.28). */
const ENROUTE = 1;
const DELIVERED = 2;
const UNDELIVERABLE = 5;
/** The sim keeps this many whole messages for submittedMessages(); a benchmark must not grow it forever. */
const KEEP_MESSAGES = 200_000;

function seededRandom(seed: number): () => number {
  let x = (seed ^ 0x9e3779b9) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4_294_967_296;
  };
}

function receiptDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

interface BoundSession {
  session: SmppSession;
  type: 'transceiver' | 'transmitter' | 'receiver';
}

interface Assembly {
  parts: Map<number, string>;
  ids: Map<number, string>;
  total: number;
  dataCoding: number;
  ref: string;
}

interface Receipt {
  id: string;
  from: string;
  to: string;
  stat: 'DELIVRD' | 'UNDELIV';
  submittedAt: Date;
  text: string;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value && typeof value === 'object') return textOf((value as DecodedMessage).message);
  return '';
}

export async function startSmscSim(overrides: Partial<SmscSimOptions> = {}): Promise<SmscSim> {
  const options: SmscSimOptions = { ...DEFAULTS, ...overrides };
  let random = seededRandom(options.seed);
  const log = (line: string) => options.log?.(line);
  const bound = new Map<SmppSession, BoundSession>();
  const all = new Set<SmppSession>();
  const timers = new Set<NodeJS.Timeout>();
  const assemblies = new Map<string, Assembly>();
  const seen = new Set<string>();
  const messages: SubmittedMessage[] = [];
  const stats: SmscSimStats = { binds: 0, submits: 0, messages: 0, receiptsSent: 0, receiptsAcked: 0, duplicates: 0, throttled: 0, genericNacks: 0, queries: 0, moSent: 0, moAcked: 0 };
  /** Message id → its outcome and when it becomes final (receiptDelayMs after the submit), for query_sm. */
  const states = new Map<string, { stat: Receipt['stat']; finalAt: number; source: string }>();
  let nextId = 1 + Math.floor(random() * 1_000_000);
  let strayId = 0;
  let dropCountdown = options.dropBindAfterSubmits;
  let dropped = false;
  let moRef = 0;
  /** Receipts due in order (one delay for all): one timer serves them, not one per receipt. */
  const due: { at: number; receipt: Receipt; via: SmppSession }[] = [];
  let dueTimer: NodeJS.Timeout | null = null;

  const corked = new WeakSet<SmppSession>();
  /** Corked until the next tick: a burst of answers leaves as one write, as a real centre's would. */
  function write(session: SmppSession, pdu: SmppPdu): void {
    if (!corked.has(session) && session.socket.writable) {
      corked.add(session);
      session.socket.cork();
      process.nextTick(() => {
        corked.delete(session);
        session.socket.uncork();
      });
    }
    session.send(pdu);
  }

  /** Bytes encoded by the plugin's own codec (the hot path), through the same corked socket. */
  function writeBytes(session: SmppSession, bytes: Buffer): void {
    if (!session.socket.writable) return;
    if (!corked.has(session)) {
      corked.add(session);
      session.socket.cork();
      process.nextTick(() => {
        corked.delete(session);
        session.socket.uncork();
      });
    }
    session.socket.write(bytes);
  }

  function later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  }

  function newId(): string {
    const n = nextId++;
    return options.idFormat === 'hex' ? n.toString(16).toUpperCase() : String(n);
  }

  /** A receiver for receipts: the session the submit came on if it receives, else any bound receiver of the account. */
  function receiverFor(session: SmppSession): SmppSession | null {
    const own = bound.get(session);
    if (own && own.type !== 'transmitter' && session.socket.writable) return session;
    for (const b of bound.values()) if (b.type !== 'transmitter' && b.session.socket.writable) return b.session;
    return null;
  }

  /**
   * Receipts sent and not acknowledged yet, by session and sequence number, and receipts waiting for
   * a receiver: a real centre stores a receipt until deliver_sm_resp and delivers it again when the
   * account binds next (so an ESME killed mid-send still gets every receipt).
   */
  const unacked = new Map<SmppSession, Map<number, { receipt: Receipt; id: string }>>();
  const waiting: { receipt: Receipt; id: string }[] = [];

  function sendReceipt(receipt: Receipt, via: SmppSession, id = receipt.id): void {
    const target = receiverFor(via);
    if (!target) {
      log(`receipt ${id}: no receiver bound${options.keepUnackedReceipts ? ', kept for the next bind' : ', dropped'}`);
      if (options.keepUnackedReceipts) waiting.push({ receipt, id });
      return;
    }
    const now = new Date();
    const fields: Record<string, unknown> = {
      source_addr_ton: 1, source_addr_npi: 1, source_addr: receipt.to,
      dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: receipt.from,
      esm_class: 0x04, data_coding: 0,
    };
    if (options.receiptForm !== 'tlv') {
      const err = receipt.stat === 'DELIVRD' ? '000' : '001';
      const dlvrd = receipt.stat === 'DELIVRD' ? '001' : '000';
      fields.short_message = Buffer.from(`id:${id} sub:001 dlvrd:${dlvrd} submit date:${receiptDate(receipt.submittedAt)} done date:${receiptDate(now)} stat:${receipt.stat} err:${err} text:${receipt.text.slice(0, 20).replace(/[^\x20-\x7e]/g, '?')}`, 'latin1');
    }
    if (options.receiptForm !== 'text') {
      fields.receipted_message_id = id;
      fields.message_state = receipt.stat === 'DELIVRD' ? 2 : 5;
    }
    const sequence = nextSequence(target);
    writeBytes(target, encodeDeliverSm(sequence, fields));
    let open = unacked.get(target);
    if (!open) unacked.set(target, (open = new Map()));
    open.set(sequence, { receipt, id });
    stats.receiptsSent++;
  }

  /** A session ended: what it never acknowledged waits for the account's next receiver. */
  function keepUnacked(session: SmppSession): void {
    const open = unacked.get(session);
    unacked.delete(session);
    if (open && options.keepUnackedReceipts) for (const r of open.values()) waiting.push(r);
  }

  function flushWaiting(session: SmppSession): void {
    const list = waiting.splice(0, waiting.length);
    if (list.length > 0) log(`delivering ${list.length} kept receipts to the new bind`);
    for (const r of list) sendReceipt(r.receipt, session, r.id);
  }

  function emitReceipt(receipt: Receipt, via: SmppSession): void {
    sendReceipt(receipt, via);
    if (options.duplicateReceipts) sendReceipt(receipt, via);
    if (options.strayReceipts) sendReceipt(receipt, via, options.idFormat === 'hex' ? `FFFF${(++strayId).toString(16).toUpperCase()}` : `9${String(++strayId).padStart(11, '0')}`);
  }

  function runDue(): void {
    dueTimer = null;
    const now = Date.now();
    let n = 0;
    while (n < due.length && due[n]!.at <= now) {
      emitReceipt(due[n]!.receipt, due[n]!.via);
      n++;
    }
    due.splice(0, n);
    if (due.length > 0) dueTimer = setTimeout(runDue, Math.max(1, due[0]!.at - Date.now()));
  }

  function queueReceipt(receipt: Receipt, via: SmppSession): void {
    if (options.receiptDelayMs <= 0) {
      emitReceipt(receipt, via);
      return;
    }
    due.push({ at: Date.now() + options.receiptDelayMs, receipt, via });
    dueTimer ??= setTimeout(runDue, options.receiptDelayMs);
  }

  /** Counts whole messages; a part completes its message when every part came. */
  function recordPart(pdu: SmppPdu, from: string, to: string, text: string, id: string): void {
    const sm = pdu.short_message as DecodedMessage | undefined;
    let concat = sm && typeof sm === 'object' && !Buffer.isBuffer(sm) && sm.udh ? concatInfoFromUdh(sm.udh) : null;
    if (!concat && typeof pdu.sar_msg_ref_num === 'number') concat = { ref: pdu.sar_msg_ref_num, total: Number(pdu.sar_total_segments), seq: Number(pdu.sar_segment_seqnum) };
    const dataCoding = Number(pdu.data_coding ?? 0);
    if (!concat || concat.total <= 1) {
      finishMessage({ from, to, text, parts: 1, ids: [id], dataCoding }, '');
      return;
    }
    const key = `${from}\u0000${to}\u0000${concat.ref}\u0000${concat.total}`;
    let a = assemblies.get(key);
    if (!a) {
      a = { parts: new Map(), ids: new Map(), total: concat.total, dataCoding, ref: String(concat.ref) };
      assemblies.set(key, a);
    }
    a.parts.set(concat.seq, text);
    a.ids.set(concat.seq, id);
    if (a.parts.size < a.total) return;
    assemblies.delete(key);
    const seqs = [...a.parts.keys()].sort((x, y) => x - y);
    finishMessage({ from, to, text: seqs.map((s) => a.parts.get(s)).join(''), parts: a.total, ids: seqs.map((s) => a.ids.get(s)!), dataCoding }, a.ref);
  }

  function finishMessage(m: SubmittedMessage, ref: string): void {
    stats.messages++;
    const key = `${m.from}\u0000${m.to}\u0000${ref}\u0000${m.text}`;
    if (seen.has(key)) {
      stats.duplicates++;
      log(`duplicate message ${m.from} -> ${m.to}: ${m.text.slice(0, 30)}`);
    } else seen.add(key);
    messages.push(m);
    if (messages.length > KEEP_MESSAGES) messages.splice(0, messages.length - KEEP_MESSAGES);
  }

  function onSubmit(session: SmppSession, pdu: SmppPdu): void {
    stats.submits++;
    if (!bound.has(session) || bound.get(session)!.type === 'receiver') {
      write(session, pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    if (options.dropBindAfterSubmits > 0 && (options.dropBindRepeat || !dropped)) {
      if (--dropCountdown <= 0) {
        dropped = true;
        dropCountdown = options.dropBindAfterSubmits;
        log(`dropping the bind after ${options.dropBindAfterSubmits} submits`);
        session.destroy();
        return;
      }
    }
    if (options.throttleRatio > 0 && random() < options.throttleRatio) {
      stats.throttled++;
      respond(session, pdu.response({ command_status: ESME_RTHROTTLED }));
      return;
    }
    const to = String(pdu.destination_addr ?? '');
    const from = String(pdu.source_addr ?? '');
    if (!/^\d{5,15}$/.test(to)) {
      respond(session, pdu.response({ command_status: ESME_RINVDSTADR }));
      return;
    }
    const sm = textOf(pdu.short_message);
    const text = sm !== '' ? sm : textOf(pdu.message_payload);
    const id = newId();
    recordPart(pdu, from, to, text, id);
    const resp = encodeSubmitSmResp(pdu.sequence_number, 0, id);
    const wantsReceipt = (Number(pdu.registered_delivery ?? 0) & 0x03) !== 0;
    const receipt: Receipt = { id, from, to, stat: random() < options.deliveredRatio ? 'DELIVRD' : 'UNDELIV', submittedAt: new Date(), text };
    states.set(id, { stat: receipt.stat, finalAt: Date.now() + Math.max(0, options.receiptDelayMs), source: from });
    if (states.size > KEEP_STATES) states.delete(states.keys().next().value!);
    if (options.withholdReceipts) {
      respond(session, resp);
      return;
    }
    if (wantsReceipt && options.receiptBeforeResponse) {
      emitReceipt(receipt, session);
      respond(session, resp);
      return;
    }
    respond(session, resp);
    if (wantsReceipt) queueReceipt(receipt, session);
  }

  /**
   * query_sm (SMPP 3.4 §4.8): the message's state — ENROUTE until its receipt would be due, then
   * DELIVERED or UNDELIVERABLE — for an id this centre gave and the source address it came from;
   * anything else is ESME_RQUERYFAIL, as a centre answers an id it does not know.
   */
  function onQuery(session: SmppSession, pdu: SmppPdu): void {
    stats.queries++;
    if (!bound.has(session) || bound.get(session)!.type === 'receiver') {
      write(session, pdu.response({ command_status: ESME_RINVBNDSTS }));
      return;
    }
    const id = String(pdu.message_id ?? '');
    const known = states.get(id);
    if (!known || known.source !== String(pdu.source_addr ?? '')) {
      write(session, pdu.response({ command_status: ESME_RQUERYFAIL, message_id: id }));
      return;
    }
    const final = Date.now() >= known.finalAt;
    const messageState = !final ? ENROUTE : known.stat === 'DELIVRD' ? DELIVERED : UNDELIVERABLE;
    write(session, pdu.response({ message_id: id, final_date: final ? new Date(known.finalAt) : '', message_state: messageState, error_code: final && known.stat !== 'DELIVRD' ? 1 : 0 }));
  }

  function respond(session: SmppSession, resp: SmppPdu | Buffer): void {
    let delay = options.submitLatencyMs;
    if (options.lateResponseMs > 0 && random() < options.lateResponseRatio) delay = options.lateResponseMs;
    const send = () => (Buffer.isBuffer(resp) ? writeBytes(session, resp) : write(session, resp));
    if (delay <= 0) {
      send();
      return;
    }
    later(delay, () => {
      if (session.socket.writable) send();
    });
  }

  function onBind(session: SmppSession, pdu: SmppPdu, type: BoundSession['type']): void {
    let status = 0;
    if (options.refuseBinds) status = options.refuseBinds;
    else if (pdu.system_id !== options.systemId) status = ESME_RINVSYSID;
    else if (pdu.password !== options.password) status = ESME_RINVPASWD;
    if (status !== 0) {
      log(`bind ${String(pdu.system_id)} refused (status 0x${status.toString(16)})`);
      write(session, pdu.response({ command_status: status }));
      // A centre that refuses a bind closes the connection soon after.
      later(50, () => session.close());
      return;
    }
    write(session, pdu.response({ system_id: 'peyk-smsc-sim' }));
    bound.set(session, { session, type });
    stats.binds = bound.size;
    log(`bound ${type} (${bound.size} bound)`);
    if (type !== 'transmitter') flushWaiting(session);
  }

  const server: SmppServer = createSmppServer(options.tls ?? {}, (session) => {
    all.add(session);
    session.on('error', (err: unknown) => log(`session error: ${(err as Error)?.message ?? String(err)}`));
    session.on('close', () => {
      all.delete(session);
      keepUnacked(session);
      if (bound.delete(session)) {
        stats.binds = bound.size;
        log(`bind closed (${bound.size} bound)`);
      }
    });
    session.on('pdu', (pdu: SmppPdu) => {
      switch (pdu.command) {
        case 'bind_transceiver': onBind(session, pdu, 'transceiver'); return;
        case 'bind_transmitter': onBind(session, pdu, 'transmitter'); return;
        case 'bind_receiver': onBind(session, pdu, 'receiver'); return;
        case 'submit_sm': onSubmit(session, pdu); return;
        case 'query_sm': onQuery(session, pdu); return;
        case 'enquire_link': write(session, pdu.response()); return;
        case 'unbind':
          write(session, pdu.response());
          bound.delete(session);
          stats.binds = bound.size;
          later(10, () => session.close());
          return;
        case 'deliver_sm_resp':
          if (pdu.command_status === 0) {
            if (moSequences.delete(pdu.sequence_number)) stats.moAcked++;
            else if (unacked.get(session)?.delete(pdu.sequence_number) !== false) stats.receiptsAcked++;
          }
          return;
        case 'generic_nack': stats.genericNacks++; return;
        default:
          if (!pdu.isResponse()) write(session, pdu.response());
      }
    });
  });
  const moSequences = new Set<number>();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  log(`SMSC simulator listening on ${options.host}:${port}${options.tls ? ' (TLS)' : ''}, system id "${options.systemId}"`);

  return {
    port,
    set(partial) {
      Object.assign(options, partial);
      if (partial.seed !== undefined) random = seededRandom(partial.seed);
      if (partial.dropBindAfterSubmits !== undefined) {
        dropCountdown = partial.dropBindAfterSubmits;
        dropped = false;
      }
    },
    dropBinds() {
      log(`dropping ${all.size} connections`);
      for (const s of all) s.destroy();
    },
    async sendMo(from, to, text, mo = {}) {
      const receiver = [...bound.values()].find((b) => b.type !== 'transmitter')?.session;
      if (!receiver) throw new Error('no receiver is bound');
      const encoding = smsEncoding(text);
      const dataCoding = encoding === 'ucs2' ? 8 : 0;
      const encode = (t: string) => (encoding === 'ucs2' ? encodeUcs2(t) : encodeGsm7(t));
      const wanted = mo.parts ?? 1;
      let pieces = splitParts(text, encoding);
      if (wanted > 1 && pieces.length !== wanted) {
        // Cut into the asked number of pieces (a test of reassembly, not of part sizes).
        const size = Math.ceil(text.length / wanted);
        pieces = Array.from({ length: wanted }, (_, i) => text.slice(i * size, (i + 1) * size));
      }
      moRef = (moRef + 1) & 0xff;
      pieces.forEach((piece, i) => {
        const fields: Record<string, unknown> = {
          source_addr_ton: 1, source_addr_npi: 1, source_addr: from, dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: to, data_coding: dataCoding,
        };
        if (pieces.length === 1) fields.short_message = encode(piece);
        else if (mo.sar) {
          fields.short_message = encode(piece);
          Object.assign(fields, { sar_msg_ref_num: moRef, sar_total_segments: pieces.length, sar_segment_seqnum: i + 1 });
        } else {
          fields.esm_class = 0x40;
          fields.short_message = Buffer.concat([concatUdh('udh8', moRef, pieces.length, i + 1), encode(piece)]);
        }
        const pdu = makePdu('deliver_sm', fields);
        write(receiver, pdu);
        moSequences.add(pdu.sequence_number);
        stats.moSent++;
      });
      log(`MO ${from} -> ${to} in ${pieces.length} part(s)`);
    },
    sendBadPdu() {
      for (const b of bound.values()) {
        const buf = Buffer.alloc(16);
        buf.writeUInt32BE(16, 0);
        buf.writeUInt32BE(0x000000ee, 4);
        buf.writeUInt32BE(0, 8);
        buf.writeUInt32BE(0x7ffffff0, 12);
        b.session.socket.write(buf);
      }
    },
    stats: () => ({ ...stats }),
    submittedMessages: () => [...messages],
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (dueTimer) clearTimeout(dueTimer);
      dueTimer = null;
      for (const s of all) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      log('SMSC simulator closed');
    },
  };
}
