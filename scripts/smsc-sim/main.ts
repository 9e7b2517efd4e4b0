import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSmscSim, type SmscSimOptions } from './smsc-sim.js';

/** `npm run smsc-sim -- --port 2775 --delivered 0.9 …`: see scripts/smsc-sim/README.md. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '2775' },
    host: { type: 'string', default: '127.0.0.1' },
    'system-id': { type: 'string', default: 'peyk' },
    password: { type: 'string', default: 'secret' },
    delivered: { type: 'string', default: '0.9' },
    'receipt-delay': { type: 'string', default: '500' },
    latency: { type: 'string', default: '0' },
    throttle: { type: 'string', default: '0' },
    'drop-after': { type: 'string', default: '0' },
    'drop-repeat': { type: 'boolean', default: false },
    'late-response': { type: 'string', default: '0' },
    'receipt-before-response': { type: 'boolean', default: false },
    'duplicate-receipts': { type: 'boolean', default: false },
    'stray-receipts': { type: 'boolean', default: false },
    'withhold-receipts': { type: 'boolean', default: false },
    'id-format': { type: 'string', default: 'hex' },
    'receipt-form': { type: 'string', default: 'both' },
    'tls-key': { type: 'string' },
    'tls-cert': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(`SMSC simulator for the Peyk SMPP plugin.
  --port 2775 --host 127.0.0.1 --system-id peyk --password secret
  --delivered 0.9            share of receipts saying DELIVRD (the rest UNDELIV)
  --receipt-delay 500        ms from submit to receipt
  --latency 0                ms before each submit_sm_resp
  --throttle 0               share of submits answered ESME_RTHROTTLED
  --drop-after 0 [--drop-repeat]  close the connection on the Nth submit (once, or every N)
  --late-response 0          answer submits this many ms late
  --receipt-before-response  --duplicate-receipts  --stray-receipts
  --withhold-receipts        send no receipts; states only by query_sm
  --id-format hex|decimal    --receipt-form tlv|text|both
  --tls-key key.pem --tls-cert cert.pem   listen with TLS
  --quiet                    print only the per-second summary
`);
  process.exit(0);
}

function num(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isFinite(n)) {
    process.stderr.write(`--${name} must be a number, got ${value}\n`);
    process.exit(2);
  }
  return n;
}

const options: Partial<SmscSimOptions> = {
  port: num('port', values.port),
  host: values.host,
  systemId: values['system-id'],
  password: values.password,
  deliveredRatio: num('delivered', values.delivered),
  receiptDelayMs: num('receipt-delay', values['receipt-delay']),
  submitLatencyMs: num('latency', values.latency),
  throttleRatio: num('throttle', values.throttle),
  dropBindAfterSubmits: num('drop-after', values['drop-after']),
  dropBindRepeat: values['drop-repeat'],
  lateResponseMs: num('late-response', values['late-response']),
  receiptBeforeResponse: values['receipt-before-response'],
  duplicateReceipts: values['duplicate-receipts'],
  strayReceipts: values['stray-receipts'],
  withholdReceipts: values['withhold-receipts'],
  idFormat: values['id-format'] === 'decimal' ? 'decimal' : 'hex',
  receiptForm: values['receipt-form'] === 'tlv' || values['receipt-form'] === 'text' ? values['receipt-form'] : 'both',
  log: values.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
};
if (values['tls-key'] && values['tls-cert']) options.tls = { key: readFileSync(values['tls-key'], 'utf8'), cert: readFileSync(values['tls-cert'], 'utf8') };

const sim = await startSmscSim(options);
if (values.quiet) process.stdout.write(`SMSC simulator listening on ${options.host}:${sim.port}\n`);
let last = sim.stats();
const summary = setInterval(() => {
  const now = sim.stats();
  if (now.submits === last.submits && now.receiptsSent === last.receiptsSent && now.binds === last.binds) return;
  process.stdout.write(`${new Date().toISOString()} binds ${now.binds} | submits ${now.submits} (+${now.submits - last.submits}/s) | messages ${now.messages} | receipts ${now.receiptsSent} sent, ${now.receiptsAcked} acked | duplicates ${now.duplicates} | throttled ${now.throttled}\n`);
  last = now;
}, 1_000);

const stop = () => {
  clearInterval(summary);
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
