import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { GatewayContractFixture } from '../../server/gateways/gateway-sdk.js';

/**
 * A local SMTP server for the contract suite and the api tests: no TLS, no login, and it refuses
 * (550) every recipient whose local part ends in 3 and answers 451 (try later) to those ending in 4,
 * so some results are deterministically rejected and some transient.
 */
export async function startTestSmtpServer(): Promise<{ port: number; received: { to: string[]; body: string }[]; close(): Promise<void> }> {
  const received: { to: string[]; body: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (/3@/.test(address.address)) {
        callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
        return;
      }
      if (/4@/.test(address.address)) {
        callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>> | null = null;

export const fixture: GatewayContractFixture = {
  // A getter: the port is known only once setup started the server (any valid port before that).
  get options() {
    return { host: '127.0.0.1', port: smtp?.port ?? 2525, from: 'sms@peyk.test', fromName: 'Peyk', toTemplate: '{to}@sms.peyk.test', maxBatchSize: 20, maxPerSecond: 100, timeoutMs: 5000 };
  },
  deliveryReports: false,
  async setup() {
    smtp = await startTestSmtpServer();
  },
  async teardown() {
    await smtp?.close();
    smtp = null;
  },
};
