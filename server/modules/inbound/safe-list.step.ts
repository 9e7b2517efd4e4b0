import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import { fromJalali, toJalali } from '../../shared/dates/jalali.js';
import { tehranDay, tehranDayStart } from '../../shared/dates/tehran-days.js';
import { ContactsService } from '../contacts/index.js';
import type { InboundStep, NewInboundAction } from './inbound-contracts.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import type { InboxRow } from './inbox.repository.js';
import { foldKeyword, isOptOutText } from './inbox-text.js';
import { OptOutsRepository } from './opt-outs.repository.js';
import { REPLY_ACTION, type ReplyPayload } from './reply-action.handler.js';
import { SafeListsRepository, type SafeListRow } from './safe-lists.repository.js';

/** Longer texts are no keyword (as the opt-out words): a sentence that starts with the word is a message, not a join. */
const MAX_WORD_TEXT = 100;

interface Words {
  list: SafeListRow;
  enter: string;
  exit: string;
}

/** The start of the Tehran day and of the solar (Jalali) month `at` falls in: the add limits' periods. */
function periodStarts(at: Date): { day: Date; month: Date } {
  const day = tehranDay(at);
  const j = toJalali(day);
  return { day: tehranDayStart(day), month: tehranDayStart(fromJalali({ jy: j.jy, jm: j.jm, jd: 1 })) };
}

/**
 * Order 20: the safe-list join and leave words. On the line of an approved list, a text that is
 * (folded) its join word adds the sender to the list's phonebook within the daily and monthly add
 * limits and answers `returnText` (at most once per `repeatTextDay` days); its leave word removes
 * them and answers `cancelText` when the list sends one. An opt-out word («لغو», 11, STOP: already
 * recorded for the organization by the inbox) removes the sender from every list of the
 * organization and is never answered. Answers are `reply` actions: priced sends as the list's owner.
 */
@injectable()
export class SafeListStep implements InboundStep {
  readonly name = 'safe-list';
  readonly order = 20;

  constructor(
    @inject(SafeListsRepository) private readonly repo: SafeListsRepository,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(OptOutsRepository) private readonly optOuts: OptOutsRepository,
    @inject(InboundActionsRepository) private readonly actions: InboundActionsRepository,
    @inject(TYPES.Clock) private readonly clock: Clock,
  ) {}

  async apply(tx: Tx, rows: InboxRow[]): Promise<void> {
    const candidates = rows.filter((r) => r.privateNumberId !== null && r.organizationId !== null && r.smsText.length <= MAX_WORD_TEXT);
    if (candidates.length === 0) return;
    const optOutOrgs = [...new Set(candidates.filter((r) => isOptOutText(r.smsText)).map((r) => r.organizationId as number))];
    // One after the other: on PGlite the transaction's handle takes one statement at a time.
    const onLines = await this.repo.confirmedOnLines(tx, [...new Set(candidates.map((r) => r.privateNumberId as number))]);
    const ofOrgs = await this.repo.liveOfOrganizations(tx, optOutOrgs);
    if (onLines.length === 0 && ofOrgs.length === 0) return;
    const byLine = new Map<number, Words[]>();
    for (const list of onLines) {
      const words = byLine.get(list.privateNumberId as number) ?? [];
      words.push({ list, enter: foldKeyword(list.enterSms), exit: foldKeyword(list.exitSms) });
      byLine.set(list.privateNumberId as number, words);
    }
    const now = this.clock.now();
    const periods = periodStarts(now);
    const replies: NewInboundAction[] = [];
    const overLimit = new Map<number, number>();
    // In id order: a number that opts out and then joins in one group ends up joined, and the other way round.
    for (const row of [...candidates].sort((a, b) => a.id - b.id)) {
      const mobile = normalizeMobile(row.senderMobile)?.number;
      if (!mobile) continue;
      if (isOptOutText(row.smsText)) {
        for (const list of ofOrgs.filter((l) => l.organizationId === row.organizationId)) await this.leave(tx, list, mobile, now);
        // A join earlier in this group took the opt-out away: the later opt-out stands.
        await this.optOuts.insertMany(tx, [{ organizationId: row.organizationId as number, mobile, privateNumberId: row.privateNumberId, inboxMessageId: row.id }]);
        continue;
      }
      const text = foldKeyword(row.smsText);
      if (!text) continue;
      for (const w of byLine.get(row.privateNumberId as number) ?? []) {
        if (w.list.organizationId !== row.organizationId) continue;
        if (text !== w.enter && text !== w.exit) continue;
        // The list's word is the list's to answer, or to leave unanswered (a repeat, a limit): no later step answers it instead.
        const answered = Boolean(row.handledBy);
        row.handledBy ??= `safe-list:${w.list.id}`;
        if (text === w.enter) {
          const outcome = await this.join(tx, w.list, mobile, now, periods);
          if (outcome === 'overLimit') overLimit.set(w.list.id, (overLimit.get(w.list.id) ?? 0) + 1);
          if (outcome === 'reply' && !answered) replies.push(this.reply(w.list, row, mobile, w.list.returnText, 'join'));
        } else {
          const wasMember = await this.leave(tx, w.list, mobile, now);
          if (wasMember && w.list.isSendCancelText && w.list.cancelText && !answered) replies.push(this.reply(w.list, row, mobile, w.list.cancelText, 'leave'));
        }
      }
    }
    for (const [id, n] of overLimit) await this.repo.countOverLimit(tx, id, n);
    await this.actions.enqueue(tx, replies);
  }

  /**
   * Adds the number unless a limit is reached (then nothing: not added, no reply, counted on the
   * list). Joining is an explicit opt-in: the organization's opt-out of the number goes. A member
   * already in the list is answered again only `repeatTextDay` days after the last answer.
   */
  private async join(tx: Tx, list: SafeListRow, mobile: string, now: Date, periods: { day: Date; month: Date }): Promise<'reply' | 'silent' | 'overLimit'> {
    const phonebookId = list.phonebookId as number;
    const member = await this.repo.member(tx, list.id, mobile);
    const repeatDue = !member?.lastReturnTextAt || now.getTime() - member.lastReturnTextAt.getTime() >= list.repeatTextDay * 86_400_000;
    if (await this.contacts.hasCellphone(tx, phonebookId, mobile)) {
      await this.optOuts.deleteFor(tx, list.organizationId, mobile);
      if (!repeatDue) return 'silent';
      await this.repo.replied(tx, list.id, mobile, now);
      return 'reply';
    }
    if (list.dailyAddLimit !== null && (await this.repo.joinsSince(tx, list.id, periods.day)) >= list.dailyAddLimit) return 'overLimit';
    if (list.monthlyAddLimit !== null && (await this.repo.joinsSince(tx, list.id, periods.month)) >= list.monthlyAddLimit) return 'overLimit';
    if ((await this.contacts.addFromInbound(tx, phonebookId, mobile)) === 'gone') return 'silent';
    await this.optOuts.deleteFor(tx, list.organizationId, mobile);
    await this.repo.joined(tx, list.id, mobile, now, repeatDue);
    return repeatDue ? 'reply' : 'silent';
  }

  /** Removes the number from the list's phonebook; whether it was in it. */
  private async leave(tx: Tx, list: SafeListRow, mobile: string, now: Date): Promise<boolean> {
    const removed = await this.contacts.removeFromInbound(tx, list.phonebookId as number, mobile);
    await this.repo.left(tx, list.id, mobile, now);
    return removed;
  }

  private reply(list: SafeListRow, row: InboxRow, to: string, text: string, kind: 'join' | 'leave'): NewInboundAction {
    const payload: ReplyPayload = {
      userId: list.userId, organizationId: list.organizationId, privateNumberId: list.privateNumberId as number, to, text,
      description: `safe-list ${list.id} ${kind}`,
    };
    return { organizationId: list.organizationId, kind: REPLY_ACTION, sourceKey: `safe-list:${list.id}:msg:${row.id}`, inboxMessageId: row.id, payload: payload as unknown as Record<string, unknown> };
  }
}
