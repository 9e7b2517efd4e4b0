import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';

/**
 * A test ESME on the `smpp` npm package (the client side of the same library the server uses):
 * promise-shaped bind and submit, and every deliver_sm it receives, acknowledged unless told not to.
 */
export interface Pdu {
  command: string;
  command_status: number;
  sequence_number: number;
  [field: string]: any;
  response(options?: Record<string, unknown>): Pdu;
}

interface Session extends EventEmitter {
  socket: Socket;
  send(pdu: Pdu, onResponse?: (pdu: Pdu) => void): boolean;
  close(): void;
  destroy(): void;
  [command: string]: any;
}

const smpp = createRequire(import.meta.url)('smpp') as {
  connect(options: Record<string, unknown>): Session;
  PDU: new (command: string, options?: Record<string, unknown>) => Pdu;
};

export const ESME_ROK = 0;

export class TestEsme {
  readonly delivered: Pdu[] = [];
  /** Acknowledge deliver_sm (false: take them and never answer, as a client that dies would). */
  ack = true;
  closed = false;
  /** unbind requests the server sent (left unanswered: the server must end the bind by itself). */
  unbinds = 0;
  private waiters: (() => void)[] = [];

  private constructor(readonly session: Session) {
    session.setMaxListeners(0);
    session.on('error', () => undefined);
    session.on('close', () => {
      this.closed = true;
      this.notify();
    });
    session.on('deliver_sm', (p: Pdu) => {
      this.delivered.push(p);
      if (this.ack) session.send(p.response());
      this.notify();
    });
    session.on('enquire_link', (p: Pdu) => session.send(p.response()));
    session.on('unbind', () => {
      this.unbinds += 1;
      this.notify();
    });
  }

  /** Plain TCP to 127.0.0.1, or TLS to `localhost` trusting `tlsCa`. */
  static connect(port: number, tlsCa?: string): Promise<TestEsme> {
    return new Promise((resolve, reject) => {
      const session = tlsCa ? smpp.connect({ host: 'localhost', port, tls: true, ca: tlsCa, servername: 'localhost' }) : smpp.connect({ host: '127.0.0.1', port });
      session.once(tlsCa ? 'secureConnect' : 'connect', () => resolve(new TestEsme(session)));
      session.once('error', reject);
    });
  }

  static async bound(port: number, systemId: string, password: string, mode: 'transceiver' | 'transmitter' | 'receiver' = 'transceiver', ack = true): Promise<TestEsme> {
    const esme = await TestEsme.connect(port);
    // Set before the bind: deliver_sm may come in the same read as bind_resp.
    esme.ack = ack;
    const status = await esme.bind(systemId, password, mode);
    if (status !== ESME_ROK) throw new Error(`bind refused: 0x${status.toString(16)}`);
    return esme;
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  request(command: string, fields: Record<string, unknown> = {}): Promise<Pdu> {
    return new Promise((resolve, reject) => {
      if (!this.session.send(new smpp.PDU(command, fields), resolve)) reject(new Error('not writable'));
      this.session.once('close', () => reject(new Error(`${command}: closed before a response`)));
    });
  }

  async bind(systemId: string, password: string, mode: 'transceiver' | 'transmitter' | 'receiver' = 'transceiver'): Promise<number> {
    return (await this.request(`bind_${mode}`, { system_id: systemId, password })).command_status;
  }

  submit(fields: Record<string, unknown>): Promise<Pdu> {
    return this.request('submit_sm', { registered_delivery: 1, ...fields });
  }

  /** Resolves once `predicate` holds (checked on every deliver_sm and on close), or fails after `timeoutMs`. */
  async until(predicate: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what} (${this.delivered.length} deliver_sm so far)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  receipts(): Pdu[] {
    return this.delivered.filter((p) => (p.esm_class & 0x04) !== 0);
  }

  close(): void {
    this.session.destroy();
  }
}
