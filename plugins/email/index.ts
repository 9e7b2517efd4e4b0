import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import {
  describedBy,
  GATEWAY_API_VERSION,
  healthNote,
  type Gateway,
  type GatewayHealth,
  type GatewayHost,
  type GatewayPlugin,
  type OptionsSchema,
  type OutboundMessage,
  type SubmitResult,
} from '../../server/gateways/gateway-sdk.js';

export interface EmailOptions {
  host: string;
  port: number;
  secure: boolean;
  requireTls: boolean;
  tlsInsecure: boolean;
  user: string;
  password: string;
  from: string;
  fromName: string;
  subjectTemplate: string;
  toTemplate: string;
  maxPerSecond: number;
  maxBatchSize: number;
  maxConnections: number;
  timeoutMs: number;
}

/** Texts: English `title`/`description`, Persian `x-title-fa`/`x-description-fa` (gateway-sdk.ts, OptionsSchema). */
export const optionsSchema: OptionsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['host', 'from'],
  properties: {
    host: {
      type: 'string', minLength: 1, maxLength: 255,
      title: 'SMTP host', 'x-title-fa': 'سرور SMTP',
      description: 'Name or address of the SMTP server.', 'x-description-fa': 'نام یا نشانی سرور SMTP.',
    },
    port: {
      type: 'integer', minimum: 1, maximum: 65535, default: 587,
      title: 'Port', 'x-title-fa': 'پورت',
      description: '587 (submission, STARTTLS), 465 (TLS) or 25.', 'x-description-fa': '587 (ارسال با STARTTLS)، 465 (TLS) یا 25.',
    },
    secure: {
      type: 'boolean', default: false,
      title: 'TLS from the start', 'x-title-fa': 'TLS از ابتدای اتصال',
      description: 'Implicit TLS (port 465). Off: STARTTLS is used when the server offers it.',
      'x-description-fa': 'TLS از همان ابتدا (پورت 465). خاموش: اگر سرور STARTTLS را پیشنهاد کند از آن استفاده می‌شود.',
    },
    requireTls: {
      type: 'boolean', default: false,
      title: 'Require STARTTLS', 'x-title-fa': 'الزام STARTTLS',
      description: 'Refuse to send over a connection the server did not upgrade to TLS.', 'x-description-fa': 'روی اتصالی که سرور آن را به TLS ارتقا نداده، چیزی ارسال نشود.',
    },
    tlsInsecure: {
      type: 'boolean', default: false,
      title: 'Accept any certificate', 'x-title-fa': 'پذیرفتن هر گواهی',
      description: 'Skip certificate checks (self-signed test servers only).', 'x-description-fa': 'گواهی بررسی نمی‌شود (فقط برای سرورهای آزمایشی با گواهی خودامضا).',
    },
    user: {
      type: 'string', maxLength: 255, default: '',
      title: 'User name', 'x-title-fa': 'نام کاربری',
      description: 'Empty: no authentication.', 'x-description-fa': 'خالی: بدون احراز هویت.',
    },
    password: {
      type: 'string', maxLength: 1024, default: '', writeOnly: true,
      title: 'Password', 'x-title-fa': 'رمز عبور',
      description: 'The SMTP password of the user above.', 'x-description-fa': 'رمز عبور SMTP نام کاربری بالا.',
    },
    from: {
      type: 'string', minLength: 3, maxLength: 255, pattern: '^[^\\s@<>",;]+@[^\\s@<>",;]+$',
      title: 'From address', 'x-title-fa': 'نشانی فرستنده',
      description: 'The envelope sender and From address, e.g. sms@example.com.', 'x-description-fa': 'نشانی فرستنده نامه (envelope و From)، مثلاً sms@example.com.',
    },
    fromName: {
      type: 'string', maxLength: 100, default: '',
      title: 'From display name', 'x-title-fa': 'نام نمایشی فرستنده',
      description: 'The name shown beside the From address; empty: the address alone.', 'x-description-fa': 'نامی که کنار نشانی فرستنده نشان داده می‌شود؛ خالی: فقط نشانی.',
    },
    subjectTemplate: {
      type: 'string', maxLength: 200, default: '{from}',
      title: 'Subject', 'x-title-fa': 'موضوع نامه',
      description: 'Placeholders: {from} (the sender line), {to} (the recipient number), {id} (the message id).',
      'x-description-fa': 'جای‌نگهدارها: {from} (خط فرستنده)، {to} (شماره گیرنده)، {id} (شناسه پیام).',
    },
    toTemplate: {
      type: 'string', minLength: 3, maxLength: 255, default: '{to}@gateway.example', pattern: '\\{to\\}.*@',
      title: 'Recipient address', 'x-title-fa': 'نشانی گیرنده',
      description: 'How a phone number becomes an address ({to} = the number in international form), e.g. your operator\'s email-to-SMS domain. A recipient that already contains @ is used as it is.',
      'x-description-fa': 'شماره موبایل چطور به نشانی ایمیل تبدیل شود ({to} = شماره به شکل بین‌المللی)، مثلاً دامنه ایمیل‌به‌پیامک اپراتور شما. گیرنده‌ای که خودش @ دارد همان‌طور استفاده می‌شود.',
    },
    maxPerSecond: {
      type: 'number', exclusiveMinimum: 0, maximum: 1000, default: 5,
      title: 'Messages per second', 'x-title-fa': 'سرعت ارسال (پیام در ثانیه)',
      description: 'Messages per second the SMTP server takes from this agent.', 'x-description-fa': 'تعداد پیامی که سرور SMTP در هر ثانیه از این ارسال‌کننده می‌پذیرد.',
    },
    maxBatchSize: {
      type: 'integer', minimum: 1, maximum: 100, default: 20,
      title: 'Messages per submit', 'x-title-fa': 'اندازه دسته',
      description: 'Messages handed to this agent in one submit.', 'x-description-fa': 'تعداد پیام‌هایی که در یک نوبت به این ارسال‌کننده سپرده می‌شود.',
    },
    maxConnections: {
      type: 'integer', minimum: 1, maximum: 20, default: 3,
      title: 'Parallel SMTP connections', 'x-title-fa': 'اتصال‌های هم‌زمان SMTP',
      description: 'SMTP connections kept open at once.', 'x-description-fa': 'تعداد اتصال‌های SMTP که هم‌زمان باز می‌مانند.',
    },
    timeoutMs: {
      type: 'integer', minimum: 1000, maximum: 120000, default: 15000,
      title: 'Time-out (ms)', 'x-title-fa': 'مهلت پاسخ (میلی‌ثانیه)',
      description: 'For connecting, the greeting and each command.', 'x-description-fa': 'برای برقراری اتصال، خوشامد سرور و هر فرمان.',
    },
  },
};

/** A single address without display name, angle brackets or list separators. */
const ADDRESS = /^[^\s@<>",;()\\]+@[^\s@<>",;()\\]+$/;

/** SMTP answers that refuse the recipient itself (mailbox unknown, not local, name not allowed). */
const RECIPIENT_REFUSALS = new Set([550, 551, 553]);

/** Errors nodemailer raises before the server answered anything: the link, not the message. */
const LINK_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROTOCOL', 'ECONNREFUSED']);

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

const errorText = (err: unknown): string => {
  const e = err as SmtpError;
  const message = e instanceof Error ? e.message : String(err);
  return e?.code && !message.includes(e.code) ? `${e.code}: ${message}` : message;
};

function fill(template: string, message: OutboundMessage): string {
  return template.replace(/\{(to|from|id)\}/g, (_, key: 'to' | 'from' | 'id') => String(message[key] ?? ''));
}

/**
 * One sender agent sending through SMTP. Each message is its own email with one recipient, so a
 * refusal concerns exactly that message. There are no delivery reports: an SMTP "250" means the
 * server took the email (submitted), and bounces arrive later by mail, which this plugin does not read.
 */
class EmailGateway implements Gateway {
  readonly idempotentSubmit = false;
  readonly maxBatchSize: number;
  readonly maxPerSecond: number;
  private transporter: Transporter<SMTPPool.SentMessageInfo> | null = null;
  private host: GatewayHost | null = null;
  private state: GatewayHealth = { state: 'down', ...describedBy(healthNote('notConnected')) };
  private inFlight = 0;
  private readonly sending = new Set<Promise<unknown>>();

  constructor(private readonly options: EmailOptions) {
    this.maxBatchSize = options.maxBatchSize;
    this.maxPerSecond = options.maxPerSecond;
  }

  async connect(host: GatewayHost): Promise<void> {
    this.host = host;
    const o = this.options;
    this.transporter = nodemailer.createTransport({
      pool: true,
      host: o.host,
      port: o.port,
      secure: o.secure,
      requireTLS: o.requireTls,
      tls: { rejectUnauthorized: !o.tlsInsecure },
      auth: o.user ? { user: o.user, pass: o.password } : undefined,
      maxConnections: o.maxConnections,
      connectionTimeout: o.timeoutMs,
      greetingTimeout: o.timeoutMs,
      socketTimeout: o.timeoutMs,
    } satisfies SMTPPool.Options);
    // An unreachable server is not a failed connect: SMTP opens connections per send, so the
    // gateway stays usable and says "down" with the reason until a send or check gets through.
    try {
      await this.transporter.verify();
      this.setState({ state: 'up' });
    } catch (err) {
      this.setState({ state: 'down', ...describedBy(healthNote('smtpCheckFailed', { error: errorText(err) })) });
    }
  }

  submit(batch: OutboundMessage[]): Promise<SubmitResult[]> {
    const work = Promise.all(batch.map((m, i) => (i < this.maxBatchSize
      ? this.sendOne(m)
      : Promise.resolve<SubmitResult>({ id: m.id, status: 'transient', code: 'BatchTooLarge', message: `more than ${this.maxBatchSize} messages in one submit` }))));
    this.sending.add(work);
    void work.finally(() => this.sending.delete(work));
    return work;
  }

  async health(): Promise<GatewayHealth> {
    return { ...this.state, inFlight: this.inFlight };
  }

  async disconnect(options: { drain: boolean }): Promise<void> {
    if (!this.transporter) return;
    if (options.drain) while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
    const transporter = this.transporter;
    this.transporter = null;
    transporter.close();
    this.setState({ state: 'down', ...describedBy(healthNote('disconnected')) });
    this.host = null;
  }

  private async sendOne(message: OutboundMessage): Promise<SubmitResult> {
    const transporter = this.transporter;
    if (!transporter) return { id: message.id, status: 'transient', code: 'NotConnected', message: 'the email gateway is not connected' };
    const to = typeof message.to === 'string' && message.to.includes('@') ? message.to : fill(this.options.toTemplate, message);
    if (!ADDRESS.test(to) || to.startsWith('@')) return { id: message.id, status: 'rejected', code: 'InvalidRecipient', message: `not an email address: ${to}` };
    this.inFlight++;
    try {
      const info = await transporter.sendMail({
        from: this.options.fromName ? { name: this.options.fromName, address: this.options.from } : this.options.from,
        to,
        subject: fill(this.options.subjectTemplate, message),
        text: String(message.text ?? ''),
      });
      if (this.state.state !== 'up') this.setState({ state: 'up' });
      return { id: message.id, status: 'accepted', providerId: info.messageId };
    } catch (err) {
      return this.failure(message, err as SmtpError);
    } finally {
      this.inFlight--;
    }
  }

  private failure(message: OutboundMessage, err: SmtpError): SubmitResult {
    const code = err?.responseCode;
    const text = errorText(err);
    if (typeof code === 'number' && code >= 500 && code < 600) {
      if (err.code === 'EAUTH') {
        this.setState({ state: 'down', ...describedBy(healthNote('smtpLoginRefused', { error: text })) });
        return { id: message.id, status: 'rejected', code: 'InvalidCredentials', message: text };
      }
      // A refusal on RCPT TO concerns this recipient; on other commands it is the server's own code.
      const recipient = err.code === 'EENVELOPE' && RECIPIENT_REFUSALS.has(code);
      return { id: message.id, status: 'rejected', code: recipient ? 'InvalidRecipient' : String(code), message: text };
    }
    if (typeof code === 'number' && code >= 400 && code < 500) {
      // A recipient's own "try later" (greylisting, a full mailbox) says nothing about the server.
      if (err.code !== 'EENVELOPE') this.setState({ state: 'degraded', ...describedBy(healthNote('smtpError', { code: String(code), error: text })) });
      return { id: message.id, status: 'transient', code: String(code), message: text };
    }
    if (err?.code && LINK_ERRORS.has(err.code)) this.setState({ state: 'down', ...describedBy(healthNote('linkError', { error: text })) });
    return { id: message.id, status: 'transient', code: err?.code ?? 'SmtpError', message: text };
  }

  private setState(health: GatewayHealth): void {
    const changed = health.state !== this.state.state || health.detail !== this.state.detail;
    this.state = health;
    if (changed) this.host?.statusChanged({ ...health, inFlight: this.inFlight });
  }
}

export const plugin: GatewayPlugin = {
  manifest: {
    name: 'email',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'email',
    title: { fa: 'ایمیل (SMTP)', en: 'Email (SMTP)' },
    description: {
      fa: 'هر پیام را به صورت یک ایمیل از راه سرور SMTP می‌فرستد؛ برای درگاه‌های ایمیل به پیامک اپراتورها. گزارش تحویل ندارد.',
      en: 'Sends each message as an email through an SMTP server, e.g. an operator\'s email-to-SMS gateway. No delivery reports.',
    },
  },
  optionsSchema,
  create: (_id, options) => new EmailGateway(options as unknown as EmailOptions),
};
