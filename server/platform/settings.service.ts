import { inject, injectable } from 'inversify';
import { afterCommit, type Tx } from './unit-of-work.js';
import { SettingsRepository } from './settings.repository.js';

/** The spec's MainSettings keys with the value used until an administrator sets one. */
export const MAIN_SETTING_DEFAULTS = {
  SendSmsAlertMessage: '',
  AppPath: '',
  RemoteQueueIp: '',
  DefaultNumber: '',
  IsRemoteQueue: 'false',
  MaximumFailedTryCount: '3',
  /** VAT percent (up to two decimals). */
  Tax: '10',
  /** Rials; an organization's available credit falling below it alerts its administrators once per crossing. */
  LowestCreditOfUser: '0',
  /** Rials per SMS part (the parliament's levy). */
  ResolutionOfParliament: '0',
  LowCreditAlertText: '',
  PaymentConfirmedText: '',
  /** Minutes an online payment may wait for its gateway callback before it is taken as abandoned (Rejected). */
  OnlinePaymentTimeoutMinutes: '30',
  /** Receivers one send may take in each recipient mode (typed list; pasted text and bulk lists; an uploaded file). */
  MaxManualRecipients: '1000',
  MaxClipboardRecipients: '100000',
  MaxUploadRecipients: '1000000',
  MaxUploadMegabytes: '64',
  /** SMS parts one message may take. */
  MaxSmsParts: '8',
  /**
   * Hours a receiver the operator accepted may wait for its final delivery report; after that it is
   * closed as Unknown so the send can settle (operators keep reports for one to three days).
   */
  DeliveryReportTimeoutHours: '72',
  /**
   * Ranges (CIDRs or addresses, comma-separated) of loopback, private or link-local addresses the
   * server may call at users' URLs (webhooks and later URL features), besides PEYK_OUTBOUND_ALLOW.
   * Empty: only public addresses (platform/outbound/CONTEXT.md).
   */
  OutboundAllowedRanges: '',
  /**
   * `true`: on a host naming no white-label domain, anyone may sign up (`Account/SignUp`), landing
   * under the system organization inactive until approved. Off by default (identity CONTEXT.md).
   */
  IsSignUpEnabled: 'false',
  /**
   * Map tiles: an http(s) URL template with {z}, {x}, {y} (e.g. an offline tile server's). Empty: the
   * maps show the province boundaries shipped with the panel (targeting CONTEXT.md, "Map tiles").
   */
  MapTileUrl: '',
} as const satisfies Record<string, string>;

/** The typed key catalogue: a key outside it is a type error, not a silent default. */
export type MainSettingKey = keyof typeof MAIN_SETTING_DEFAULTS;

/** Settings that are whole numbers of at least 1 (limits, counts, minutes). */
export const POSITIVE_INTEGER_SETTINGS = [
  'OnlinePaymentTimeoutMinutes', 'MaxManualRecipients', 'MaxClipboardRecipients', 'MaxUploadRecipients', 'MaxUploadMegabytes', 'MaxSmsParts',
  'DeliveryReportTimeoutHours',
] as const satisfies readonly MainSettingKey[];

const CACHE_MS = 5_000;

/**
 * Main settings for every module (platform, not billing: messaging, billing and later modules all
 * read them). Who may change them, how each value is validated and audited is the MainSettings
 * controller's business (billing's MainSettingsService); this service only reads and writes.
 */
@injectable()
export class SettingsService {
  private cache: { at: number; values: Map<string, string> } | null = null;
  /** Transactions that wrote settings and have not ended yet. */
  private readonly writing = new WeakSet<Tx>();

  constructor(@inject(SettingsRepository) private readonly repo: SettingsRepository) {}

  /**
   * Every setting with its default filled in; cached for 5 s and dropped when this process changes
   * one. A read inside a transaction that changed settings never fills the cache: it sees that
   * transaction's own uncommitted values, which a rollback would leave behind in the cache.
   */
  async values(tx?: Tx): Promise<Map<string, string>> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.values;
    const stored = await this.repo.all(tx);
    const values = new Map<string, string>(Object.entries(MAIN_SETTING_DEFAULTS));
    for (const [k, v] of stored) if (v !== null) values.set(k, v);
    if (!tx || !this.writing.has(tx)) this.cache = { at: Date.now(), values };
    return values;
  }

  /** One setting, its default when none is stored. */
  async get(key: MainSettingKey, tx?: Tx): Promise<string> {
    return (await this.values(tx)).get(key) ?? MAIN_SETTING_DEFAULTS[key];
  }

  /**
   * Stores already validated values (null: back to the default). The cache is dropped now and
   * again when `tx` commits, so no reader keeps a value from before the commit.
   */
  async write(tx: Tx, changes: Record<string, string | null>, userId: number): Promise<void> {
    this.writing.add(tx);
    for (const [key, value] of Object.entries(changes)) await this.repo.upsert(tx, key, value, userId);
    afterCommit(tx, () => { this.cache = null; });
    this.cache = null;
  }
}
