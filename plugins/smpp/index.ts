import { GATEWAY_API_VERSION, type GatewayPlugin } from '../../server/gateways/gateway-sdk.js';
import { SmppGateway, type SmppOptions } from './smpp-gateway.js';

export { SmppGateway, type SmppOptions } from './smpp-gateway.js';

/** Texts: English `title`/`description`, Persian `x-title-fa`/`x-description-fa` (gateway-sdk.ts, OptionsSchema). */
const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'systemId', 'password'],
  properties: {
    host: {
      type: 'string', minLength: 1,
      title: 'SMSC host', 'x-title-fa': 'نشانی مرکز پیام (SMSC)',
      description: 'Host name or IP address of the operator\'s SMSC.', 'x-description-fa': 'نام میزبان یا نشانی IP مرکز پیام اپراتور.',
    },
    port: {
      type: 'integer', minimum: 1, maximum: 65_535, default: 2775,
      title: 'Port', 'x-title-fa': 'پورت',
      description: 'SMPP port (2775 plain, often 3550 with TLS).', 'x-description-fa': 'پورت SMPP (معمولاً 2775 بدون رمزنگاری و 3550 با TLS).',
    },
    tls: {
      type: 'boolean', default: false,
      title: 'TLS', 'x-title-fa': 'اتصال امن (TLS)',
      description: 'Connect over TLS.', 'x-description-fa': 'اتصال به مرکز پیام با TLS رمزنگاری شود.',
    },
    tlsCa: {
      type: 'string', minLength: 1, 'x-multiline': true,
      title: 'TLS CA certificate', 'x-title-fa': 'گواهی مرجع صدور (CA) برای TLS',
      description: 'PEM of the CA that signed the centre\'s certificate, when it is not a public one.',
      'x-description-fa': 'متن PEM گواهی مرجعی که گواهی مرکز پیام را امضا کرده است، وقتی آن مرجع عمومی نیست.',
    },
    tlsInsecure: {
      type: 'boolean', default: false,
      title: 'Skip TLS verification', 'x-title-fa': 'بدون بررسی گواهی TLS',
      description: 'Accept any certificate. Only for a test centre.', 'x-description-fa': 'هر گواهی پذیرفته می‌شود. فقط برای مرکز پیام آزمایشی.',
    },
    systemId: {
      type: 'string', minLength: 1, maxLength: 15,
      title: 'System id', 'x-title-fa': 'نام کاربری (system_id)',
      description: 'The account name the operator gave (bind system_id).', 'x-description-fa': 'نام حسابی که اپراتور داده است (system_id در bind).',
    },
    password: {
      type: 'string', maxLength: 8, writeOnly: true,
      title: 'Password', 'x-title-fa': 'رمز عبور',
      description: 'The bind password (SMPP allows at most 8 characters).', 'x-description-fa': 'رمز bind (در SMPP حداکثر 8 نویسه).',
    },
    systemType: {
      type: 'string', maxLength: 12, default: '',
      title: 'System type', 'x-title-fa': 'نوع سیستم (system_type)',
      description: 'bind system_type, empty unless the operator asks for one.', 'x-description-fa': 'مقدار system_type در bind؛ خالی بماند مگر این‌که اپراتور مقداری خواسته باشد.',
    },
    bindMode: {
      type: 'string', enum: ['transceiver', 'transmitter-receiver'], default: 'transceiver',
      title: 'Bind mode', 'x-title-fa': 'نوع bind',
      description: 'One transceiver per bind, or a transmitter plus a receiver per bind.',
      'x-description-fa': 'برای هر اتصال یک transceiver، یا یک transmitter و یک receiver جداگانه.',
    },
    binds: {
      type: 'integer', minimum: 1, maximum: 16, default: 1,
      title: 'Binds', 'x-title-fa': 'تعداد اتصال (bind)',
      description: 'Parallel sessions (the operator limits how many).', 'x-description-fa': 'تعداد نشست‌های هم‌زمان با مرکز پیام (سقف آن را اپراتور تعیین می‌کند).',
    },
    window: {
      type: 'integer', minimum: 1, maximum: 1_000, default: 50,
      title: 'Window', 'x-title-fa': 'پنجره ارسال (window)',
      description: 'submit_sm sent without an answer yet, per bind.', 'x-description-fa': 'حداکثر submit_sm بی‌پاسخ در هر اتصال.',
    },
    responseTimeoutMs: {
      type: 'integer', minimum: 100, maximum: 120_000, default: 10_000,
      title: 'Response time-out (ms)', 'x-title-fa': 'مهلت پاسخ (میلی‌ثانیه)',
      description: 'A request without an answer after this is given up (the message is retried later).',
      'x-description-fa': 'درخواستی که تا این مدت پاسخ نگیرد رها می‌شود (پیام بعداً دوباره ارسال می‌شود).',
    },
    enquireLinkMs: {
      type: 'integer', minimum: 1_000, maximum: 600_000, default: 30_000,
      title: 'Keep-alive (ms)', 'x-title-fa': 'فاصله enquire_link (میلی‌ثانیه)',
      description: 'Interval of the enquire_link requests that keep the bind alive.', 'x-description-fa': 'فاصله ارسال enquire_link برای زنده نگه داشتن اتصال.',
    },
    reconnectMinMs: {
      type: 'integer', minimum: 10, maximum: 600_000, default: 1_000,
      title: 'Reconnect after (ms)', 'x-title-fa': 'تأخیر اتصال دوباره (میلی‌ثانیه)',
      description: 'First back-off after a lost or refused bind; doubles up to the maximum.',
      'x-description-fa': 'نخستین فاصله پس از قطع یا رد شدن bind؛ هر بار دو برابر می‌شود تا به بیشینه برسد.',
    },
    reconnectMaxMs: {
      type: 'integer', minimum: 10, maximum: 3_600_000, default: 30_000,
      title: 'Reconnect at most (ms)', 'x-title-fa': 'بیشینه تأخیر اتصال دوباره (میلی‌ثانیه)',
      description: 'Longest back-off between two bind attempts.', 'x-description-fa': 'بیشترین فاصله بین دو تلاش برای bind.',
    },
    sourceTon: {
      type: 'integer', minimum: 0, maximum: 6, default: 1,
      title: 'Source TON', 'x-title-fa': 'TON فرستنده',
      description: 'For numeric senders; an alphanumeric sender always goes as TON 5, NPI 0.',
      'x-description-fa': 'برای خط‌های عددی؛ فرستنده حرفی (alphanumeric) همیشه با TON 5 و NPI 0 ارسال می‌شود.',
    },
    sourceNpi: {
      type: 'integer', minimum: 0, maximum: 18, default: 1,
      title: 'Source NPI', 'x-title-fa': 'NPI فرستنده',
      description: 'For numeric senders.', 'x-description-fa': 'برای خط‌های عددی.',
    },
    destTon: {
      type: 'integer', minimum: 0, maximum: 6, default: 1,
      title: 'Destination TON', 'x-title-fa': 'TON گیرنده',
      description: 'Recipients are international digits without +: TON 1.', 'x-description-fa': 'شماره گیرنده‌ها بین‌المللی و بدون + است: TON 1.',
    },
    destNpi: {
      type: 'integer', minimum: 0, maximum: 18, default: 1,
      title: 'Destination NPI', 'x-title-fa': 'NPI گیرنده',
      description: 'ISDN (E.164): 1.', 'x-description-fa': 'ISDN (E.164): مقدار 1.',
    },
    registeredDelivery: {
      type: 'integer', minimum: 0, maximum: 3, default: 1,
      title: 'Delivery receipts', 'x-title-fa': 'درخواست گزارش تحویل (registered_delivery)',
      description: '0 none, 1 final receipts, 2 failures only, 3 success only.', 'x-description-fa': '0 بدون گزارش، 1 گزارش وضعیت نهایی، 2 فقط ناموفق‌ها، 3 فقط موفق‌ها.',
    },
    defaultDataCoding: {
      type: 'integer', enum: [0, 1, 3], default: 0,
      title: 'GSM-7 data coding', 'x-title-fa': 'data_coding متن‌های لاتین (GSM-7)',
      description: 'data_coding for GSM-7 texts: 0 GSM 03.38, 1 IA5/ASCII, 3 Latin-1. UCS-2 texts always go as 8.',
      'x-description-fa': 'data_coding متن‌های GSM-7: برای GSM 03.38 مقدار 0، برای IA5/ASCII مقدار 1 و برای Latin-1 مقدار 3. متن‌های فارسی (UCS-2) همیشه با 8 ارسال می‌شوند.',
    },
    gsmPacking: {
      type: 'string', enum: ['unpacked', 'packed'], default: 'unpacked',
      title: 'GSM-7 packing', 'x-title-fa': 'فشرده‌سازی GSM-7',
      description: 'unpacked: one septet per octet, what most centres expect; packed: 8 septets in 7 octets.',
      'x-description-fa': 'unpacked: هر septet در یک octet، که بیشتر مراکز پیام انتظار دارند؛ packed: هشت septet در هفت octet.',
    },
    longMessage: {
      type: 'string', enum: ['udh8', 'udh16', 'sar', 'payload'], default: 'udh8',
      title: 'Long messages', 'x-title-fa': 'ارسال پیام چندبخشی',
      description: 'UDH with an 8- or 16-bit reference, SAR TLVs, or the whole text in message_payload.',
      'x-description-fa': 'UDH با شناسه 8 یا 16 بیتی، TLVهای SAR، یا کل متن در message_payload.',
    },
    receiptIdFormat: {
      type: 'string', enum: ['as-is', 'hex-to-decimal', 'decimal-to-hex'], default: 'as-is',
      title: 'Receipt id format', 'x-title-fa': 'قالب شناسه در گزارش تحویل',
      description: 'How the id in a receipt relates to the submit_sm_resp id (operators differ).',
      'x-description-fa': 'رابطه شناسه پیام در گزارش تحویل با شناسه submit_sm_resp (در اپراتورها فرق می‌کند).',
    },
    maxPerSecond: {
      type: 'integer', minimum: 1, maximum: 100_000, default: 100, 'x-agent-rate': true,
      title: 'Messages per second', 'x-title-fa': 'سرعت ارسال (پیام در ثانیه)',
      description: 'The most SMS parts (submit_sm) this agent sends per second, all binds together; the panel sends no faster.',
      'x-description-fa': 'بیشترین تعداد بخش پیامک (submit_sm) که این ارسال‌کننده در هر ثانیه می‌فرستد، همه اتصال‌ها با هم؛ پنل هم سریع‌تر از این ارسال نمی‌کند.',
    },
    maxBatchSize: {
      type: 'integer', minimum: 1, maximum: 10_000, default: 500,
      title: 'Batch size', 'x-title-fa': 'اندازه دسته',
      description: 'Messages one submit call takes.', 'x-description-fa': 'تعداد پیام‌هایی که در یک نوبت به این درگاه سپرده می‌شود.',
    },
    throttleRetries: {
      type: 'integer', minimum: 0, maximum: 20, default: 3,
      title: 'Retries when throttled', 'x-title-fa': 'تلاش دوباره هنگام محدودیت سرعت',
      description: 'Times a part answered ESME_RTHROTTLED or ESME_RMSGQFUL is sent again before the message is given back to the panel.',
      'x-description-fa': 'چند بار بخشی که پاسخ ESME_RTHROTTLED یا ESME_RMSGQFUL گرفته دوباره ارسال شود، پیش از آن‌که پیام به پنل برگردانده شود.',
    },
    moReassemblyMs: {
      type: 'integer', minimum: 1_000, maximum: 3_600_000, default: 60_000,
      title: 'Inbound part wait (ms)', 'x-title-fa': 'مهلت بخش‌های پیام دریافتی (میلی‌ثانیه)',
      description: 'How long parts of a long inbound message wait for the rest; then what came is delivered.',
      'x-description-fa': 'مدتی که بخش‌های یک پیام دریافتی چندبخشی منتظر بقیه می‌مانند؛ پس از آن همان بخش‌های رسیده تحویل داده می‌شود.',
    },
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
  // query_sm is SMPP 3.4's own (§4.8): every centre must answer it, if only with ESME_RQUERYFAIL.
  queriesStatus: () => true,
};
