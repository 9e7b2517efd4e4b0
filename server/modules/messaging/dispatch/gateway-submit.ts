import type { Gateway, OutboundMessage, SubmitContext, SubmitResult } from '../../../gateways/gateway-sdk.js';
import type { UnitOfWork } from '../../../platform/unit-of-work.js';
import type { SettingsService } from '../../../platform/settings.service.js';
import { smsEncoding } from '../../../shared/sms/sms-text.js';
import type { SendRow } from '../sends.repository.js';
import type { ClaimedRecipient, ReceiversRepository, SubmitOutcome } from '../receivers.repository.js';

// What the range worker and the single-send lane share about handing messages to a gateway and
// reading its answers: one copy, so the two lanes cannot drift apart on what counts as sent.

/** The text a receiver gets: its own (a dynamic send) or the send's; only a receiver with its own text is measured here. */
export function textOf(send: SendRow, r: Pick<ClaimedRecipient, 'smsText' | 'smsParts'>): Pick<OutboundMessage, 'text' | 'encoding' | 'parts'> {
  if (r.smsText === null || r.smsText === undefined) return { text: send.smsText, encoding: send.smsEncoding as OutboundMessage['encoding'], parts: send.smsParts };
  return { text: r.smsText, encoding: smsEncoding(r.smsText), parts: r.smsParts ?? send.smsParts };
}

/** A receiver that ends without leaving us (given back at settlement): in doubt, or out of tries. */
export function notSent(seq: number): SubmitOutcome {
  return { seq, deliveryStatus: 'ErrorInSending', sendStatus: 'ErrorInSending', providerId: null };
}

/**
 * Whether a chunk's writes are announced and recorded: only where a crash would otherwise leave the
 * whole chunk in doubt (a gateway that cannot tell a repeat and queues what it was given).
 */
export function tracksWrites(gateway: Gateway): boolean {
  return gateway.announcesWrites === true && !gateway.idempotentSubmit;
}

/**
 * A chunk is at most a tenth of a second's allowance (so it fits one pacing window, and a crash
 * leaves at most about a tenth of a second of sending in doubt on a gateway that cannot tell a
 * repeat), never below 10 messages nor above the gateway's batch.
 */
export function chunkSizeOf(gateway: Gateway, rate: number): number {
  return Math.max(1, Math.min(gateway.maxBatchSize, rate, Math.max(10, Math.ceil(rate / 10))));
}

export async function submitSafely(gateway: Gateway, messages: OutboundMessage[], context?: SubmitContext): Promise<SubmitResult[]> {
  try {
    const results = await (context ? gateway.submit(messages, context) : gateway.submit(messages));
    if (results.length === messages.length && results.every((r, i) => r.id === messages[i].id)) return results;
  } catch {
    // A plugin must not throw; if it does, nothing is known about the batch, so it is retried.
  }
  return messages.map((m) => ({ id: m.id, status: 'transient', code: 'PluginError' }));
}

/** `MaximumFailedTryCount` (main setting, default 3): claims before a transient receiver ends ErrorInSending. */
export async function maxTries(settings: SettingsService): Promise<number> {
  const v = Number((await settings.values()).get('MaximumFailedTryCount') ?? 3);
  return Number.isFinite(v) && v > 0 ? v : 3;
}

/**
 * The host's side of `SubmitContext.handOff` for one chunk: the plugin is about to write these
 * messages, so their receivers are marked as perhaps on their way, in one transaction, before it
 * may. All or none: a receiver no longer this claim's (the range was taken over and put back)
 * refuses the whole call and the plugin writes none of them.
 */
export function handOffOf(uow: UnitOfWork, receivers: ReceiversRepository, claimed: { sendId: number; seq: number; attempts: number }[]): SubmitContext {
  const byId = new Map(claimed.map((r) => [`${r.sendId}:${r.seq}`, r]));
  return {
    handOff: (ids) => uow.run(async (tx) => {
      const rows = ids.map((id) => byId.get(id));
      if (rows.some((r) => r === undefined)) throw new Error('handOff: an id that is not in the batch');
      if (!(await receivers.markOnWire(tx, rows as { sendId: number; seq: number; attempts: number }[]))) {
        throw new Error('handOff refused: the receivers are no longer this claim\'s');
      }
    }),
  };
}
