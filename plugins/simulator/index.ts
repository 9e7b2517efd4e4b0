import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  describedBy,
  GATEWAY_API_VERSION,
  healthNote,
  type DeliveryReport,
  type DeliveryState,
  type Gateway,
  type GatewayHealth,
  type GatewayHost,
  type GatewayPlugin,
  type InboundMessage,
  type OutboundMessage,
  type StatusAnswer,
  type StatusQuery,
  type SubmitResult,
  type WebhookRequest,
  type WebhookResponse,
} from '../../server/gateways/gateway-sdk.js';

/**
 * How receipts reach the host: handed over directly, pushed to its webhook route, waiting to be
 * polled, or never (`none`: an operator that sends no receipts; the host learns only by `queryStatus`).
 */
export type ReceiptDelivery = 'callback' | 'webhook' | 'poll' | 'none';

export interface SimulatorOptions {
  acceptRatio: number;
  lostAnswerRatio: number;
  submitLatencyMs: number;
  deliveryRatio: number;
  deliveryDelayMs: number;
  expireRatio: number;
  failureCodes: string[];
  inboundEcho: boolean;
  inboundLoad?: InboundLoad;
  maxPerSecond: number;
  maxBatchSize: number;
  seed?: number;
  submitLogPath?: string;
  deduplicate: boolean;
  receiptDelivery: ReceiptDelivery;
  webhookUrl?: string;
  webhookSecret?: string;
  pollIntervalMs: number;
}

/**
 * A load test's inbound traffic (`bench:inbound`): on connect the simulator hands the host `count`
 * messages to `to` as fast as it takes them, `groupSize` per call. Message n comes from the
 * `n mod senders`-th number after 989120000000 with `texts[n mod texts.length]`, provider id
 * `load-<n>`: the same messages on every connect, so a reconnect repeats what the host already
 * stored and it stores each once.
 */
export interface InboundLoad {
  count: number;
  to: string;
  texts: string[];
  senders?: number;
  groupSize?: number;
  /** Groups handed over at once (several connections of one operator); the next ones wait for all of them. */
  concurrency?: number;
}

/** Texts: English `title`/`description`, Persian `x-title-fa`/`x-description-fa` (gateway-sdk.ts, OptionsSchema). */
const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    acceptRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 1,
      title: 'Accepted share', 'x-title-fa': 'سهم پیام‌های پذیرفته',
      description: 'Share of submitted messages the simulated operator accepts (0 to 1).',
      'x-description-fa': 'سهمی از پیام‌های ارسالی که اپراتور شبیه‌سازی‌شده می‌پذیرد (بین 0 و 1).',
    },
    lostAnswerRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 0,
      title: 'Lost answer share', 'x-title-fa': 'سهم پاسخ‌های گم‌شده',
      description: 'Share of accepted messages whose answer is lost (as a time-out): taken and reported on, but answered transient in doubt.',
      'x-description-fa': 'سهمی از پیام‌های پذیرفته که پاسخشان گم می‌شود (مثل پایان مهلت): پیام گرفته شده و گزارش تحویل هم دارد، ولی پاسخ آن «موقت و نامعلوم» است.',
    },
    submitLatencyMs: {
      type: 'integer', minimum: 0, maximum: 60_000, default: 5,
      title: 'Submit latency (ms)', 'x-title-fa': 'زمان هر ارسال (میلی‌ثانیه)',
      description: 'Time one submit call takes.', 'x-description-fa': 'مدتی که هر نوبت ارسال طول می‌کشد.',
    },
    deliveryRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 0.95,
      title: 'Delivered share', 'x-title-fa': 'سهم پیام‌های رسیده',
      description: 'Share of accepted messages reported delivered (0 to 1).', 'x-description-fa': 'سهمی از پیام‌های پذیرفته که گزارش «رسیده به گوشی» می‌گیرند (بین 0 و 1).',
    },
    deliveryDelayMs: {
      type: 'integer', minimum: 0, maximum: 86_400_000, default: 200,
      title: 'Report delay (ms)', 'x-title-fa': 'تأخیر گزارش تحویل (میلی‌ثانیه)',
      description: 'Time from acceptance to the delivery report.', 'x-description-fa': 'فاصله پذیرش پیام تا گزارش تحویل آن.',
    },
    expireRatio: {
      type: 'number', minimum: 0, maximum: 1, default: 0.2,
      title: 'Expired share', 'x-title-fa': 'سهم پیام‌های منقضی',
      description: 'Share of the not-delivered messages that expire rather than fail.', 'x-description-fa': 'سهمی از پیام‌های نرسیده که به جای ناموفق، منقضی گزارش می‌شوند.',
    },
    failureCodes: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      minItems: 1,
      default: ['InvalidDestination', 'Throttled'],
      title: 'Refusal codes', 'x-title-fa': 'کدهای رد',
      description: 'Codes a not-accepted message gets, one at random; Throttled is transient, the others final.',
      'x-description-fa': 'کدهایی که پیام پذیرفته‌نشده می‌گیرد، یکی به تصادف؛ Throttled موقت است (دوباره تلاش می‌شود) و بقیه قطعی.',
    },
    inboundEcho: {
      type: 'boolean', default: false,
      title: 'Echo inbound', 'x-title-fa': 'پژواک پیام دریافتی',
      description: 'A message starting with "echo " comes back as an inbound message from its recipient.',
      'x-description-fa': 'پیامی که با «echo » شروع شود، از طرف گیرنده‌اش به صورت پیام دریافتی برمی‌گردد.',
    },
    inboundLoad: {
      type: 'object', additionalProperties: false, required: ['count', 'to', 'texts'],
      title: 'Inbound load test', 'x-title-fa': 'آزمون بار پیام دریافتی',
      description: 'For load tests only: on connect, hands the panel count inbound messages to the line as fast as it takes them (the same messages on every connect; repeats are stored once).',
      'x-description-fa': 'فقط برای آزمون بار: هنگام اتصال، به تعداد count پیام دریافتی برای این خط با بیشترین سرعتی که پنل می‌پذیرد تحویل می‌دهد (در هر اتصال همان پیام‌ها؛ تکراری‌ها یک بار ذخیره می‌شوند).',
      properties: {
        count: {
          type: 'integer', minimum: 1, maximum: 10_000_000,
          title: 'Messages', 'x-title-fa': 'تعداد پیام',
          description: 'How many inbound messages to hand over.', 'x-description-fa': 'چند پیام دریافتی تحویل داده شود.',
        },
        to: {
          type: 'string', minLength: 1, maxLength: 40,
          title: 'Line number', 'x-title-fa': 'شماره خط',
          description: 'The number the messages are sent to.', 'x-description-fa': 'شماره‌ای که پیام‌ها به آن فرستاده شده‌اند.',
        },
        texts: {
          type: 'array', minItems: 1, maxItems: 10_000, items: { type: 'string', maxLength: 1_000 },
          title: 'Texts', 'x-title-fa': 'متن‌ها',
          description: 'Message n has text n modulo the number of texts.', 'x-description-fa': 'پیام شماره n متن شماره (n به پیمانه تعداد متن‌ها) را دارد.',
        },
        senders: {
          type: 'integer', minimum: 1, maximum: 10_000_000, default: 1_000,
          title: 'Senders', 'x-title-fa': 'تعداد فرستنده',
          description: 'How many different mobiles send them, in turn from 989120000000.', 'x-description-fa': 'چند موبایل متفاوت آن‌ها را می‌فرستند، به نوبت از 989120000000.',
        },
        groupSize: {
          type: 'integer', minimum: 1, maximum: 5_000, default: 1_000,
          title: 'Messages per hand-over', 'x-title-fa': 'پیام در هر تحویل',
          description: 'How many messages one call to the panel carries.', 'x-description-fa': 'تعداد پیام‌هایی که هر بار به پنل داده می‌شود.',
        },
        concurrency: {
          type: 'integer', minimum: 1, maximum: 16, default: 1,
          title: 'Hand-overs at once', 'x-title-fa': 'تحویل‌های هم‌زمان',
          description: 'How many groups are handed over at the same time, as over several connections of one operator.',
          'x-description-fa': 'چند دسته هم‌زمان تحویل داده شود، مانند چند اتصال یک اپراتور.',
        },
      },
    },
    maxPerSecond: {
      type: 'integer', minimum: 1, default: 10_000,
      title: 'Messages per second', 'x-title-fa': 'سرعت ارسال (پیام در ثانیه)',
      description: 'Rate the simulated account allows; messages above it answer Throttled.',
      'x-description-fa': 'سرعتی که حساب شبیه‌سازی‌شده اجازه می‌دهد؛ پیام‌های بیش از آن پاسخ Throttled می‌گیرند.',
    },
    maxBatchSize: {
      type: 'integer', minimum: 1, maximum: 100_000, default: 500,
      title: 'Batch size', 'x-title-fa': 'اندازه دسته',
      description: 'Largest batch one submit takes.', 'x-description-fa': 'بیشترین تعداد پیام در یک نوبت ارسال.',
    },
    seed: {
      type: 'integer',
      title: 'Random seed', 'x-title-fa': 'بذر تصادفی (seed)',
      description: 'Makes every random choice repeatable.', 'x-description-fa': 'با آن همه انتخاب‌های تصادفی تکرارپذیر می‌شوند.',
    },
    submitLogPath: {
      type: 'string', minLength: 1,
      title: 'Submit log file', 'x-title-fa': 'فایل گزارش ارسال‌ها',
      description: 'File that gets one line per submitted message: id, provider id, new or repeat.',
      'x-description-fa': 'فایلی که برای هر پیام ارسالی یک سطر می‌گیرد: شناسه، شناسه اپراتور، تازه یا تکراری.',
    },
    deduplicate: {
      type: 'boolean',
      default: true,
      title: 'Drop repeated submits', 'x-title-fa': 'نادیده گرفتن ارسال تکراری',
      description: 'Answer a message id submitted again with its first provider id (an idempotent operator). Off: every submit is a new message on the phone, like an SMPP centre.',
      'x-description-fa': 'پیامی که با همان شناسه دوباره ارسال شود، همان شناسه اپراتورِ بار اول را می‌گیرد (اپراتور idempotent). خاموش: هر ارسال یک پیام تازه روی گوشی است، مثل مرکز پیام SMPP.',
    },
    receiptDelivery: {
      type: 'string',
      enum: ['callback', 'webhook', 'poll', 'none'],
      default: 'callback',
      title: 'Receipt delivery', 'x-title-fa': 'روش دریافت گزارش تحویل',
      description: 'callback: receipts go straight to the host; webhook: POSTed (form-encoded) to webhookUrl; poll: kept until the host polls; none: never sent (the outbox can still request each message\'s status). Every mode answers a status request.',
      'x-description-fa': 'callback: گزارش‌ها مستقیم به پنل می‌رسند؛ webhook: با POST (به شکل form) به webhookUrl فرستاده می‌شوند؛ poll: نگه داشته می‌شوند تا پنل بپرسد؛ none: هرگز فرستاده نمی‌شوند (صندوق ارسال همچنان می‌تواند وضعیت هر پیام را بپرسد). در همه روش‌ها به درخواست وضعیت پاسخ داده می‌شود.',
    },
    webhookUrl: {
      type: 'string', format: 'uri',
      title: 'Webhook URL', 'x-title-fa': 'نشانی وب‌هوک',
      description: "The host's webhook address of this agent (/api/gateways/{agentId}/webhook), for receiptDelivery webhook.",
      'x-description-fa': 'نشانی وب‌هوک این ارسال‌کننده در پنل (/api/gateways/{agentId}/webhook)، برای روش webhook.',
    },
    webhookSecret: {
      type: 'string', minLength: 1, writeOnly: true,
      title: 'Webhook secret', 'x-title-fa': 'رمز وب‌هوک',
      description: "The agent's webhook secret, sent in the x-peyk-webhook-secret header.",
      'x-description-fa': 'رمز وب‌هوک این ارسال‌کننده که در سرآیند x-peyk-webhook-secret فرستاده می‌شود.',
    },
    pollIntervalMs: {
      type: 'integer', minimum: 50, maximum: 3_600_000, default: 500,
      title: 'Poll interval (ms)', 'x-title-fa': 'فاصله پرسش گزارش‌ها (میلی‌ثانیه)',
      description: 'How often the host should poll, for receiptDelivery poll.', 'x-description-fa': 'هر چند وقت یک بار پنل گزارش‌ها را بپرسد، برای روش poll.',
    },
  },
  // A webhook without an address to call would keep its receipts forever.
  if: { properties: { receiptDelivery: { const: 'webhook' } }, required: ['receiptDelivery'] },
  then: { properties: { webhookUrl: { type: 'string' } }, required: ['webhookUrl'] },
};

/** The host's secret header; the simulator sends it with every webhook call. */
const SECRET_HEADER = 'x-peyk-webhook-secret';
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_RETRY_MS = 1_000;
const STAT_OF: Record<string, ReceiptStat> = { DELIVRD: 'DELIVRD', UNDELIV: 'UNDELIV', EXPIRED: 'EXPIRED' };

/** Reports are handed over at least this often, so a report waits at most one tick past its due time. */
const TICK_MS = 20;
/** The largest group of reports (or inbound messages) given to the host in one call. */
const HAND_OVER_LIMIT = 5_000;
/**
 * How many accepted ids are remembered for idempotent resubmission. The simulator is the default
 * operator of a fresh install, so memory must stay bounded on a long-running panel; a resubmit
 * comes within minutes of the original, long before a million newer messages push it out.
 */
const REMEMBERED_IDS = 1_000_000;
const DESTINATION = /^\d{5,15}$/;

type ReceiptStat = 'DELIVRD' | 'UNDELIV' | 'EXPIRED';

interface PendingReport {
  due: number;
  providerId: string;
  stat: ReceiptStat;
}

/** What the simulated centre knows of a message it accepted: its outcome, final from `due` on. */
interface Outcome {
  due: number;
  stat: ReceiptStat;
}

interface PendingInbound {
  due: number;
  message: Omit<InboundMessage, 'at'>;
}

const STATE_OF: Record<ReceiptStat, DeliveryState> = { DELIVRD: 'delivered', UNDELIV: 'undelivered', EXPIRED: 'expired' };
const ERROR_OF: Record<ReceiptStat, string> = { DELIVRD: '000', UNDELIV: '001', EXPIRED: '002' };

/**
 * A first-in first-out queue. Every item of one gateway waits the same `deliveryDelayMs`, so
 * items are queued in due order and the head is always the next due: no per-message timer and no
 * heap are needed, one periodic tick serves them all.
 */
class DueQueue<T extends { due: number }> {
  private items: T[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** How many items from the head are due at `now` (at most `limit`). */
  countDue(now: number, limit: number): number {
    let n = 0;
    while (n < limit && this.head + n < this.items.length && this.items[this.head + n]!.due <= now) n++;
    return n;
  }

  peek(n: number): T[] {
    return this.items.slice(this.head, this.head + n);
  }

  drop(n: number): void {
    this.head += n;
    if (this.head > 4_096 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }
}

/** Marsaglia's xorshift32: small, fast and good enough to pick outcomes repeatably. */
function seededRandom(seed: number): () => number {
  let x = (seed ^ 0x5eed1e55) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4_294_967_296;
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** SMPP receipts write dates as YYMMDDhhmm. */
function receiptDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

type Phase = 'down' | 'up' | 'draining';

export class SimulatorGateway implements Gateway {
  readonly idempotentSubmit: boolean;
  readonly maxBatchSize: number;
  readonly maxPerSecond: number;
  readonly pollIntervalMs: number;

  private readonly random: () => number;
  private readonly idPrefix = `sim${randomBytes(3).toString('hex')}-`;
  private nextId = 0;
  private host: GatewayHost | null = null;
  private phase: Phase = 'down';
  /** Bumped on every connect and disconnect; work started under an older value is abandoned. */
  private generation = 0;
  private readonly accepted = new Map<string, string>();
  private readonly reports = new DueQueue<PendingReport>();
  /** Provider id → outcome, for `queryStatus`; bounded like `accepted`, oldest forgotten first (then `unknown`). */
  private readonly outcomes = new Map<string, Outcome>();
  private readonly inbound = new DueQueue<PendingInbound>();
  /** The next message of `inboundLoad` to hand over (from 0 on every connect). */
  private loadNext = 0;
  private tick: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private polling: Promise<void> | null = null;
  /** No tick hand-over before this (performance.now()); set after a failed webhook call. */
  private retryAt = 0;
  private closing: Promise<void> | null = null;
  private inFlight = 0;
  private readonly submitsInFlight = new Set<Promise<unknown>>();
  private tokens: number;
  private tokensAt = performance.now();

  constructor(readonly id: string, private readonly options: SimulatorOptions) {
    this.idempotentSubmit = options.deduplicate !== false;
    this.maxBatchSize = options.maxBatchSize;
    this.maxPerSecond = options.maxPerSecond;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.tokens = options.maxPerSecond;
    this.random = options.seed === undefined ? Math.random : seededRandom(options.seed);
  }

  async connect(host: GatewayHost): Promise<void> {
    if (this.phase !== 'down') throw new Error('already connected');
    this.host = host;
    this.generation++;
    if (this.options.submitLogPath) this.restoreFromLog(this.options.submitLogPath);
    this.loadNext = 0;
    this.phase = 'up';
    host.statusChanged({ state: 'up' });
    if (this.tickHasWork()) this.startTick();
  }

  /**
   * Receipts pushed by this simulator's own webhook calls (form-encoded: `id`, `stat`, `done_date`,
   * `err` repeated per receipt), as a real provider's would arrive. 200 only after the host took them.
   */
  async handleWebhook(request: WebhookRequest): Promise<WebhookResponse> {
    const host = this.host;
    if (!host || this.phase === 'down') return { status: 503, body: 'not connected' };
    if (request.method !== 'POST') return { status: 405, body: 'POST only' };
    const form = new URLSearchParams(request.body.toString('utf8'));
    const ids = form.getAll('id');
    const stats = form.getAll('stat');
    const doneDates = form.getAll('done_date');
    const errs = form.getAll('err');
    if (ids.length === 0 || ids.length !== stats.length || stats.some((st) => !(st in STAT_OF))) return { status: 400, body: 'malformed receipts' };
    const at = host.now();
    const reports: DeliveryReport[] = ids.map((id, i) => {
      const stat = STAT_OF[stats[i]!]!;
      return { providerId: id, state: STATE_OF[stat], providerStatus: stat, at, raw: { id, stat, done_date: doneDates[i] ?? '', err: errs[i] ?? ERROR_OF[stat] } };
    });
    try {
      await host.deliveryReports(reports);
    } catch (err) {
      host.logger.warn({ err }, 'host did not take webhook receipts; the simulator sends them again');
      return { status: 503, body: 'not stored' };
    }
    return { status: 200, body: 'OK' };
  }

  /** With receiptDelivery poll: hands every due receipt to the host (joins a poll already running). */
  pollDeliveryReports(): Promise<void> {
    if (this.options.receiptDelivery !== 'poll' || this.phase !== 'up') return Promise.resolve();
    this.polling ??= this.pump(performance.now(), false, { reports: true, inbound: false }).finally(() => { this.polling = null; });
    return this.polling;
  }

  submit(batch: OutboundMessage[]): Promise<SubmitResult[]> {
    const work = this.submitNow(batch);
    this.submitsInFlight.add(work);
    void work.finally(() => this.submitsInFlight.delete(work));
    return work;
  }

  async health(): Promise<GatewayHealth> {
    if (this.phase === 'up') return { state: 'up', inFlight: this.inFlight };
    if (this.phase === 'draining') return { state: 'degraded', ...describedBy(healthNote('draining')), inFlight: this.inFlight };
    return { state: 'down', ...describedBy(healthNote('notConnected')) };
  }

  disconnect(options: { drain: boolean }): Promise<void> {
    // A second call while closing joins the first: two drains would hand the same reports twice.
    if (!this.closing) this.closing = this.close(options).finally(() => { this.closing = null; });
    return this.closing;
  }

  private async close(options: { drain: boolean }): Promise<void> {
    if (this.phase === 'down') return;
    const host = this.host!;
    if (options.drain) {
      this.phase = 'draining';
      while (this.submitsInFlight.size > 0) await Promise.allSettled([...this.submitsInFlight]);
      this.stopTick();
      while (this.pumping) await this.pumping;
      while (this.polling) await this.polling;
      // Pending reports go out now instead of at their due time: a drain is a shutdown, and the
      // outcome of every accepted message is already decided. They go straight to the host in
      // every mode: the webhook listener may already be closed, and no poll comes any more.
      await this.pump(Number.POSITIVE_INFINITY, true, { reports: true, inbound: true });
    } else {
      const dropped = this.reports.size + this.inbound.size;
      if (dropped > 0) host.logger.warn({ reports: this.reports.size, inbound: this.inbound.size }, 'simulator disconnected without drain; pending reports dropped');
    }
    this.stopTick();
    this.reports.clear();
    this.inbound.clear();
    this.generation++;
    this.phase = 'down';
    this.host = null;
    host.statusChanged({ state: 'down', ...describedBy(healthNote('disconnected')) });
  }

  private async submitNow(batch: OutboundMessage[]): Promise<SubmitResult[]> {
    if (this.phase !== 'up') return batch.map((m) => ({ id: m.id, status: 'transient', code: 'NotConnected', message: 'the simulator is not connected' }));
    const generation = this.generation;
    this.inFlight += batch.length;
    try {
      if (this.options.submitLatencyMs > 0) await sleep(this.options.submitLatencyMs);
      if (this.generation !== generation) {
        return batch.map((m) => ({ id: m.id, status: 'transient', code: 'Disconnected', message: 'disconnected before the answer' }));
      }
      return this.answer(batch);
    } finally {
      this.inFlight -= batch.length;
    }
  }

  private answer(batch: OutboundMessage[]): SubmitResult[] {
    const now = performance.now();
    this.refillTokens(now);
    const due = now + this.options.deliveryDelayMs;
    const results: SubmitResult[] = [];
    const logging = this.options.submitLogPath !== undefined;
    let log = '';
    for (let i = 0; i < batch.length; i++) {
      const message = batch[i]!;
      try {
        if (i >= this.maxBatchSize) {
          results.push({ id: message.id, status: 'transient', code: 'BatchTooLarge', message: `more than ${this.maxBatchSize} messages in one submit` });
          continue;
        }
        const known = this.idempotentSubmit ? this.accepted.get(message.id) : undefined;
        if (known !== undefined) {
          results.push({ id: message.id, status: 'accepted', providerId: known });
          if (logging) log += `${message.id}\t${known}\trepeat\n`;
          continue;
        }
        if (typeof message.to !== 'string' || !DESTINATION.test(message.to)) {
          results.push({ id: message.id, status: 'rejected', code: 'InvalidDestination', message: 'the recipient is not a number' });
          continue;
        }
        if (this.tokens < 1) {
          results.push({ id: message.id, status: 'transient', code: 'Throttled', message: `above ${this.maxPerSecond} messages per second` });
          continue;
        }
        this.tokens -= 1;
        if (this.random() >= this.options.acceptRatio) {
          const codes = this.options.failureCodes;
          const code = codes[Math.floor(this.random() * codes.length)] ?? 'Rejected';
          results.push({ id: message.id, status: code === 'Throttled' ? 'transient' : 'rejected', code, message: 'refused by the simulated operator' });
          continue;
        }
        const providerId = `${this.idPrefix}${(this.nextId++).toString(36)}`;
        this.remember(message.id, providerId);
        if (this.options.lostAnswerRatio > 0 && this.random() < this.options.lostAnswerRatio) {
          results.push({ id: message.id, status: 'transient', code: 'Timeout', message: 'the answer was lost', inDoubt: true });
        } else {
          results.push({ id: message.id, status: 'accepted', providerId });
        }
        if (logging) log += `${message.id}\t${providerId}\tnew\n`;
        this.schedule(message, providerId, due);
      } catch (err) {
        results.push({ id: message.id, status: 'transient', code: 'SimulatorError', message: err instanceof Error ? err.message : String(err) });
      }
    }
    if (log !== '' && this.options.submitLogPath) {
      try {
        // Synchronous on purpose: the line must be on disk before the host sees the answer, so a
        // kill -9 right after can never leave an answered message out of the log.
        appendFileSync(this.options.submitLogPath, log);
      } catch (err) {
        this.host?.logger.error({ err, path: this.options.submitLogPath }, 'simulator could not write its submit log');
      }
    }
    if (this.tickHasWork()) this.startTick();
    return results;
  }

  private schedule(message: OutboundMessage, providerId: string, due: number): void {
    let stat: ReceiptStat = 'DELIVRD';
    if (this.random() >= this.options.deliveryRatio) stat = this.random() < this.options.expireRatio ? 'EXPIRED' : 'UNDELIV';
    this.know(providerId, { due, stat });
    // `none`: the centre keeps the outcome for a status request and never sends the receipt.
    if (this.options.receiptDelivery !== 'none') this.reports.push({ due, providerId, stat });
    if (this.options.inboundEcho && typeof message.text === 'string' && message.text.startsWith('echo ')) {
      this.inbound.push({ due, message: { from: message.to, to: message.from, text: message.text.slice(5), providerId: `${providerId}-mo` } });
    }
  }

  private know(providerId: string, outcome: Outcome): void {
    this.outcomes.set(providerId, outcome);
    if (this.outcomes.size > REMEMBERED_IDS) {
      const oldest = this.outcomes.keys().next().value;
      if (oldest !== undefined) this.outcomes.delete(oldest);
    }
  }

  /**
   * The centre's present answer per message, as SMPP `query_sm` gives it: en route before the
   * outcome is due, then its final state; an id it never gave (or forgot) is `unknown`. Answered in
   * every receipt mode, and after a receipt went out too (a centre keeps the state a while).
   */
  async queryStatus(queries: StatusQuery[]): Promise<StatusAnswer[]> {
    const at = this.host?.now() ?? new Date();
    const now = performance.now();
    return queries.map((q): StatusAnswer => {
      if (this.phase !== 'up') return { providerId: q.providerId, state: 'unknown', providerStatus: 'NOT_CONNECTED', at };
      const o = this.outcomes.get(q.providerId);
      if (!o) return { providerId: q.providerId, state: 'unknown', providerStatus: 'UNKNOWN', at };
      if (now < o.due) return { providerId: q.providerId, state: 'pending', providerStatus: 'ENROUTE', at };
      return { providerId: q.providerId, state: STATE_OF[o.stat], providerStatus: o.stat, at, raw: { id: q.providerId, stat: o.stat, err: ERROR_OF[o.stat] } };
    });
  }

  private remember(id: string, providerId: string): void {
    this.accepted.set(id, providerId);
    if (this.accepted.size > REMEMBERED_IDS) {
      const oldest = this.accepted.keys().next().value;
      if (oldest !== undefined) this.accepted.delete(oldest);
    }
  }

  private restoreFromLog(file: string): void {
    if (!existsSync(file)) return;
    const reported = new Set<string>();
    const fresh: [string, string][] = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [id, providerId, kind] = line.split('\t');
      if (!providerId) continue;
      if (kind === 'reported') reported.add(providerId);
      else if (kind === 'new' && id) fresh.push([id, providerId]);
    }
    const due = performance.now() + this.options.deliveryDelayMs;
    for (const [id, providerId] of fresh) {
      if (this.accepted.has(id)) continue;
      this.remember(id, providerId);
      if (reported.has(providerId)) continue;
      // Accepted by an earlier process and never reported: the receipt comes now (a resubmission
      // of the id will not add a second one).
      let stat: ReceiptStat = 'DELIVRD';
      if (this.random() >= this.options.deliveryRatio) stat = this.random() < this.options.expireRatio ? 'EXPIRED' : 'UNDELIV';
      this.know(providerId, { due, stat });
      if (this.options.receiptDelivery !== 'none') this.reports.push({ due, providerId, stat });
    }
  }

  private appendLog(text: string): void {
    try {
      appendFileSync(this.options.submitLogPath!, text);
    } catch (err) {
      this.host?.logger.error({ err, path: this.options.submitLogPath }, 'simulator could not write its submit log');
    }
  }

  private refillTokens(now: number): void {
    this.tokens = Math.min(this.maxPerSecond, this.tokens + ((now - this.tokensAt) * this.maxPerSecond) / 1_000);
    this.tokensAt = now;
  }

  /** Receipts waiting for a poll are not the tick's work; inbound messages always are. */
  private tickHasWork(): boolean {
    return this.inbound.size > 0 || this.loadLeft() > 0 || (this.options.receiptDelivery !== 'poll' && this.reports.size > 0);
  }

  private loadLeft(): number {
    const load = this.options.inboundLoad;
    return load ? Math.max(0, load.count - this.loadNext) : 0;
  }

  /** Messages `first` … `first + n - 1` of the load, built when handed over (a million queued objects would weigh on the panel's memory). */
  private loadGroup(first: number, n: number, at: Date): InboundMessage[] {
    const load = this.options.inboundLoad!;
    const senders = load.senders ?? 1_000;
    const group: InboundMessage[] = new Array(n);
    for (let k = 0; k < n; k++) {
      const i = first + k;
      group[k] = { from: `98912${String(i % senders).padStart(7, '0')}`, to: load.to, text: load.texts[i % load.texts.length]!, providerId: `load-${i}`, at };
    }
    return group;
  }

  private startTick(): void {
    if (this.tick || this.phase === 'down') return;
    this.tick = setInterval(() => {
      if (this.pumping || performance.now() < this.retryAt) return;
      const generation = this.generation;
      const kinds = { reports: this.options.receiptDelivery !== 'poll', inbound: true };
      this.pumping = this.pump(performance.now(), false, kinds).finally(() => {
        this.pumping = null;
        if (generation === this.generation && !this.tickHasWork()) this.stopTick();
      });
    }, TICK_MS);
  }

  /** Pushes receipts to the host's webhook route like an HTTP provider; throws unless it answered 2xx. */
  private async postReceipts(group: DeliveryReport[]): Promise<void> {
    const form = new URLSearchParams();
    for (const r of group) {
      const raw = r.raw as { done_date: string; err: string };
      form.append('id', r.providerId);
      form.append('stat', r.providerStatus);
      form.append('done_date', raw.done_date);
      form.append('err', raw.err);
    }
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.options.webhookSecret) headers[SECRET_HEADER] = this.options.webhookSecret;
    const res = await fetch(this.options.webhookUrl!, { method: 'POST', headers, body: form.toString(), signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  }

  private stopTick(): void {
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
  }

  /**
   * Hands every report due at `now` to the host, one group at a time, each awaited. A group the
   * host fails to take stays queued for the next tick; while draining it is logged and dropped
   * instead, so a broken host cannot hold a shutdown forever.
   */
  private async pump(now: number, draining: boolean, kinds: { reports: boolean; inbound: boolean }): Promise<void> {
    const generation = this.generation;
    const host = this.host;
    if (!host) return;
    for (;;) {
      if (this.generation !== generation) return;
      const reportCount = kinds.reports ? this.reports.countDue(now, HAND_OVER_LIMIT) : 0;
      const inboundCount = kinds.inbound ? this.inbound.countDue(now, HAND_OVER_LIMIT) : 0;
      // A drain (a shutdown) does not finish a load test: the next connect starts it over.
      const loadGroup = Math.min(this.options.inboundLoad?.groupSize ?? 1_000, HAND_OVER_LIMIT);
      const loadCount = kinds.inbound && !draining ? Math.min(loadGroup * (this.options.inboundLoad?.concurrency ?? 1), this.loadLeft()) : 0;
      if (reportCount === 0 && inboundCount === 0 && loadCount === 0) return;
      const at = host.now();
      const doneDate = receiptDate(at);
      try {
        if (reportCount > 0) {
          const group: DeliveryReport[] = this.reports.peek(reportCount).map((p) => ({
            providerId: p.providerId,
            state: STATE_OF[p.stat],
            providerStatus: p.stat,
            at,
            raw: { id: p.providerId, stat: p.stat, done_date: doneDate, err: ERROR_OF[p.stat] },
          }));
          if (this.options.receiptDelivery === 'webhook' && !draining) await this.postReceipts(group);
          else await host.deliveryReports(group);
          if (this.generation !== generation) return;
          this.reports.drop(reportCount);
          // Like an SMSC that resends a receipt until it is acknowledged: what the host took is
          // logged, so a restarted simulator reports again only what was never taken.
          if (this.options.submitLogPath) this.appendLog(group.map((r) => `-\t${r.providerId}\treported\n`).join(''));
        }
        if (inboundCount > 0) {
          const group = this.inbound.peek(inboundCount).map((p) => ({ ...p.message, at }));
          await host.inbound(group);
          if (this.generation !== generation) return;
          this.inbound.drop(inboundCount);
        }
        if (loadCount > 0) {
          const first = this.loadNext;
          // Several groups at once, as over several connections; one the host fails to take makes
          // the whole wave come again (the host stores the others' repeats once).
          const calls: Promise<void>[] = [];
          for (let k = 0; k < loadCount; k += loadGroup) calls.push(host.inbound(this.loadGroup(first + k, Math.min(loadGroup, loadCount - k), at)));
          const outcomes = await Promise.allSettled(calls);
          const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
          if (failed) throw failed.reason;
          if (this.generation !== generation) return;
          this.loadNext = first + loadCount;
          // Receipts fall due while a load runs; they go out between its groups, not after it.
          now = performance.now();
        }
      } catch (err) {
        if (!draining) {
          // A webhook that keeps failing (wrong secret, listener down) is retried after a pause,
          // not every tick: one warning a second, not fifty.
          if (this.options.receiptDelivery === 'webhook') this.retryAt = performance.now() + WEBHOOK_RETRY_MS;
          host.logger.warn({ err }, 'host did not take simulator reports; retrying later');
          return;
        }
        host.logger.error({ err, reports: reportCount, inbound: inboundCount }, 'host did not take simulator reports while draining; dropped');
        this.reports.drop(reportCount);
        this.inbound.drop(inboundCount);
      }
    }
  }
}

export const plugin: GatewayPlugin = {
  manifest: {
    name: 'simulator',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'sms',
    title: { fa: 'شبیه‌ساز اپراتور', en: 'Operator simulator' },
    description: {
      fa: 'اپراتور آزمایشی درون برنامه: پیام‌ها را می‌پذیرد و گزارش تحویل را با نسبت و تأخیر قابل تنظیم برمی‌گرداند.',
      en: 'An in-process test operator: accepts messages and answers delivery reports with a configurable ratio and delay.',
    },
  },
  optionsSchema,
  create: (id, options) => new SimulatorGateway(id, options as unknown as SimulatorOptions),
  // The simulated centre keeps every outcome it decided, whatever the receipt mode.
  queriesStatus: () => true,
};
