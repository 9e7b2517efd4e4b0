import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import { isIP, type Server as NetServer, type Socket } from 'node:net';

/**
 * A typed facade over the `smpp` npm package (0.5.1, CommonJS, no types of its own). Only what this
 * plugin and the SMSC simulator use is typed. The library frames and encodes PDUs; it has no
 * windowing, no response time-outs, no splitting and ignores socket back-pressure: callers own those.
 */

/** A decoded PDU: header fields plus whatever mandatory parameters and TLVs the command carries. */
export interface SmppPdu {
  command: string;
  command_id: number;
  command_status: number;
  sequence_number: number;
  [field: string]: unknown;
  isResponse(): boolean;
  response(options?: Record<string, unknown>): SmppPdu;
  toBuffer(): Buffer;
}

/** A short_message / message_payload after the library's decode filter. */
export interface DecodedMessage {
  message: string | Buffer;
  /** Each information element as [iei, length, ...data]. */
  udh?: Buffer[];
}

export interface SmppSession extends EventEmitter {
  socket: Socket;
  /** The library's request counter (pdu-codec's nextSequence advances it for PDUs written directly). */
  sequence: number;
  /** Sends a PDU; false when the socket is not writable (nothing was sent). */
  send(pdu: SmppPdu, onResponse?: (pdu: SmppPdu) => void, onSent?: (pdu: SmppPdu) => void): boolean;
  close(callback?: () => void): void;
  destroy(callback?: () => void): void;
  pause(): void;
  resume(): void;
}

export interface SmppServer extends NetServer {
  sessions: SmppSession[];
}

interface SmppModule {
  connect(options: Record<string, unknown>, listener?: () => void): SmppSession;
  createServer(options: Record<string, unknown>, listener?: (session: SmppSession) => void): SmppServer;
  PDU: new (command: string, options?: Record<string, unknown>) => SmppPdu;
}

let loaded: SmppModule | null = null;

/** Loaded on first use, so importing the plugin runs nothing. */
function lib(): SmppModule {
  loaded ??= createRequire(import.meta.url)('smpp') as SmppModule;
  return loaded;
}

export function connectSession(options: { host: string; port: number; tls: boolean; ca?: string; rejectUnauthorized?: boolean }): SmppSession {
  const o: Record<string, unknown> = { host: options.host, port: options.port, tls: options.tls };
  if (options.tls) {
    if (options.ca) o.ca = options.ca;
    o.rejectUnauthorized = options.rejectUnauthorized ?? true;
    // SNI takes a host name only; Node warns when it is given an address.
    if (isIP(options.host) === 0) o.servername = options.host;
  }
  return lib().connect(o);
}

export function createSmppServer(options: { key?: string; cert?: string }, onSession: (session: SmppSession) => void): SmppServer {
  return lib().createServer(options.key && options.cert ? { key: options.key, cert: options.cert } : {}, onSession);
}

export function makePdu(command: string, fields: Record<string, unknown> = {}): SmppPdu {
  const PDU = lib().PDU;
  return new PDU(command, fields);
}
