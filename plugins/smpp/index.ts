import { GATEWAY_API_VERSION, type GatewayPlugin } from '../../server/gateways/gateway-sdk.js';
import { SmppGateway, type SmppOptions } from './smpp-gateway.js';

export { SmppGateway, type SmppOptions } from './smpp-gateway.js';

/** Titles read "English | فارسی": the schema has one title, and the panel shows both languages. */
const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'systemId', 'password'],
  properties: {
    host: { type: 'string', minLength: 1, title: 'SMSC host | میزبان مرکز پیام', description: 'Host name or IP address of the operator\'s SMSC.' },
    port: { type: 'integer', minimum: 1, maximum: 65_535, default: 2775, title: 'Port | پورت', description: 'SMPP port (2775 plain, often 3550 with TLS).' },
    tls: { type: 'boolean', default: false, title: 'TLS | اتصال رمزنگاری‌شده', description: 'Connect over TLS.' },
    tlsCa: { type: 'string', minLength: 1, title: 'TLS CA certificate | گواهی مرجع TLS', description: 'PEM of the CA that signed the centre\'s certificate, when it is not a public one.' },
    tlsInsecure: { type: 'boolean', default: false, title: 'Skip TLS verification | بدون بررسی گواهی', description: 'Accept any certificate. Only for a test centre.' },
    systemId: { type: 'string', minLength: 1, maxLength: 15, title: 'System id | شناسه سیستم', description: 'The account name the operator gave (bind system_id).' },
    password: { type: 'string', maxLength: 8, writeOnly: true, title: 'Password | گذرواژه', description: 'The bind password (SMPP allows at most 8 characters).' },
    systemType: { type: 'string', maxLength: 12, default: '', title: 'System type | نوع سیستم', description: 'bind system_type, empty unless the operator asks for one.' },
    bindMode: { type: 'string', enum: ['transceiver', 'transmitter-receiver'], default: 'transceiver', title: 'Bind mode | نوع اتصال', description: 'One transceiver per bind, or a transmitter plus a receiver per bind.' },
    binds: { type: 'integer', minimum: 1, maximum: 16, default: 1, title: 'Binds | تعداد اتصال', description: 'Parallel sessions (the operator limits how many).' },
    window: { type: 'integer', minimum: 1, maximum: 1_000, default: 50, title: 'Window | پنجره', description: 'submit_sm sent without an answer yet, per bind.' },
    responseTimeoutMs: { type: 'integer', minimum: 100, maximum: 120_000, default: 10_000, title: 'Response time-out (ms) | مهلت پاسخ', description: 'A request without an answer after this is given up (the message is retried later).' },
    enquireLinkMs: { type: 'integer', minimum: 1_000, maximum: 600_000, default: 30_000, title: 'Keep-alive (ms) | فاصله enquire_link', description: 'enquire_link interval.' },
    reconnectMinMs: { type: 'integer', minimum: 10, maximum: 600_000, default: 1_000, title: 'Reconnect after (ms) | تأخیر اتصال دوباره', description: 'First back-off after a lost or refused bind; doubles up to the maximum.' },
    reconnectMaxMs: { type: 'integer', minimum: 10, maximum: 3_600_000, default: 30_000, title: 'Reconnect at most (ms) | بیشینه تأخیر اتصال دوباره', description: 'Longest back-off between two bind attempts.' },
    sourceTon: { type: 'integer', minimum: 0, maximum: 6, default: 1, title: 'Source TON | TON فرستنده', description: 'For numeric senders; an alphanumeric sender always goes as TON 5, NPI 0.' },
    sourceNpi: { type: 'integer', minimum: 0, maximum: 18, default: 1, title: 'Source NPI | NPI فرستنده', description: 'For numeric senders.' },
    destTon: { type: 'integer', minimum: 0, maximum: 6, default: 1, title: 'Destination TON | TON گیرنده', description: 'Recipients are international digits without +: TON 1.' },
    destNpi: { type: 'integer', minimum: 0, maximum: 18, default: 1, title: 'Destination NPI | NPI گیرنده', description: 'ISDN (E.164): 1.' },
    registeredDelivery: { type: 'integer', minimum: 0, maximum: 3, default: 1, title: 'Delivery receipts | درخواست گزارش تحویل', description: '0 none, 1 final receipts, 2 failures only, 3 success only.' },
    defaultDataCoding: { type: 'integer', enum: [0, 1, 3], default: 0, title: 'GSM-7 data coding | کدگذاری متن لاتین', description: 'data_coding for GSM-7 texts: 0 GSM 03.38, 1 IA5/ASCII, 3 Latin-1. UCS-2 texts always go as 8.' },
    gsmPacking: { type: 'string', enum: ['unpacked', 'packed'], default: 'unpacked', title: 'GSM-7 packing | فشرده‌سازی GSM-7', description: 'unpacked: one septet per octet, what most centres expect; packed: 8 septets in 7 octets.' },
    longMessage: { type: 'string', enum: ['udh8', 'udh16', 'sar', 'payload'], default: 'udh8', title: 'Long messages | پیام چندبخشی', description: 'UDH with an 8- or 16-bit reference, SAR TLVs, or the whole text in message_payload.' },
    receiptIdFormat: { type: 'string', enum: ['as-is', 'hex-to-decimal', 'decimal-to-hex'], default: 'as-is', title: 'Receipt id format | قالب شناسه گزارش', description: 'How the id in a receipt relates to the submit_sm_resp id (operators differ).' },
    maxPerSecond: { type: 'integer', minimum: 1, maximum: 100_000, default: 100, title: 'Messages per second | پیام در ثانیه', description: 'submit_sm per second for the whole account (all binds).' },
    maxBatchSize: { type: 'integer', minimum: 1, maximum: 10_000, default: 500, title: 'Batch size | اندازه دسته', description: 'Messages one submit call takes.' },
    throttleRetries: { type: 'integer', minimum: 0, maximum: 20, default: 3, title: 'Retries when throttled | تلاش دوباره هنگام محدودیت', description: 'Times a part answered ESME_RTHROTTLED or ESME_RMSGQFUL is sent again before the message is given back to the panel.' },
    moReassemblyMs: { type: 'integer', minimum: 1_000, maximum: 3_600_000, default: 60_000, title: 'Inbound part wait (ms) | مهلت بخش‌های پیام دریافتی', description: 'How long parts of a long inbound message wait for the rest; then what came is delivered.' },
  },
};

export const plugin: GatewayPlugin = {
  manifest: {
    name: 'smpp',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'sms',
    title: { fa: 'SMPP (مرکز پیام اپراتور)', en: 'SMPP (operator SMSC)' },
    description: {
      fa: 'اتصال مستقیم به مرکز پیام اپراتور با پروتکل SMPP 3.4: چند اتصال، پنجره ارسال، پیام چندبخشی و گزارش تحویل.',
      en: 'Direct SMPP 3.4 connection to an operator\'s SMSC: several binds, windowing, long messages and delivery receipts.',
    },
  },
  optionsSchema,
  create: (id, options) => new SmppGateway(id, options as unknown as SmppOptions),
};
