import { inject, injectable } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';
import { normalizeMobile } from '../../shared/sms/phone-numbers.js';
import type { InboundStep, NewInboundAction } from './inbound-contracts.js';
import type { InboxRow } from './inbox.repository.js';
import { foldKeyword, isOptOutText } from './inbox-text.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { REPLY_ACTION, type ReplyPayload } from './reply-action.handler.js';
import { PollsRepository, type AnswerInsert, type PollOptionRow, type PollRow } from './polls.repository.js';

/** A keyword is a short text: anything longer is no answer, and is never folded. */
const MAX_ANSWER_TEXT = 100;

/** `handledBy` of a message a poll took (CONTEXT.md "Polls"). */
export const pollHandledBy = (pollId: number) => `poll:${pollId}`;

export function pollIdOfHandledBy(handledBy: string | null | undefined): number | null {
  const m = /^poll:(\d+)$/.exec(handledBy ?? '');
  return m ? Number(m[1]) : null;
}

interface Match { row: InboxRow; poll: PollRow; option: PollOptionRow; mobile: string }

/**
 * Order 30: an inbound text on a poll's line, received while the poll is open, whose folded text
 * is one of its option keywords, is that number's answer. One answer per number per poll (the
 * unique index): the first stays or the last replaces it, as the poll says. A counted answer may
 * get the poll's reply text (a `reply` action in the same transaction).
 */
@injectable()
export class PollAnswersStep implements InboundStep {
  readonly name = 'polls';
  readonly order = 30;

  constructor(
    @inject(PollsRepository) private readonly repo: PollsRepository,
    @inject(InboundActionsRepository) private readonly actions: InboundActionsRepository,
  ) {}

  async apply(tx: Tx, rows: InboxRow[]): Promise<void> {
    const candidates = rows.filter((r) => r.privateNumberId !== null && r.organizationId !== null && !r.handledBy
      && r.smsText.length <= MAX_ANSWER_TEXT && !isOptOutText(r.smsText));
    if (candidates.length === 0) return;
    const times = candidates.map((r) => r.dateTimeReceive.getTime());
    const polls = await this.repo.openOnLines(tx, [...new Set(candidates.map((r) => r.privateNumberId as number))], new Date(Math.min(...times)), new Date(Math.max(...times)));
    if (polls.length === 0) return;
    const options = await this.repo.options(polls.map((p) => p.id), tx);
    // line:key → (poll, option), polls oldest first: two polls never share a keyword on a line
    // while both are open (refused at save), and if a race let it happen the older one wins.
    const byKey = new Map<string, { poll: PollRow; option: PollOptionRow }[]>();
    const pollById = new Map(polls.map((p) => [p.id, p]));
    for (const o of options) {
      const poll = pollById.get(o.pollId) as PollRow;
      const k = `${poll.privateNumberId}:${o.answerKey}`;
      byKey.set(k, [...(byKey.get(k) ?? []), { poll, option: o }]);
    }
    let matches: Match[] = [];
    for (const row of candidates) {
      const hits = byKey.get(`${row.privateNumberId}:${foldKeyword(row.smsText)}`);
      const at = row.dateTimeReceive.getTime();
      const hit = hits?.find((h) => h.poll.startAt.getTime() <= at && at < h.poll.endAt.getTime());
      const mobile = normalizeMobile(row.senderMobile)?.number;
      // A sender that is no phone number cannot be answered or win: its text is left to later steps.
      if (hit && mobile) matches.push({ row, poll: hit.poll, option: hit.option, mobile });
    }
    if (matches.length === 0) return;
    // A poll limited to a phonebook counts only its contacts; others' texts are left to later steps.
    for (const poll of new Set(matches.filter((m) => m.poll.senderPhonebookId !== null).map((m) => m.poll))) {
      const members = await this.repo.membersOf(tx, poll.senderPhonebookId as number, [...new Set(matches.filter((m) => m.poll === poll).map((m) => m.mobile))]);
      matches = matches.filter((m) => m.poll !== poll || members.has(m.mobile));
    }
    const replies: NewInboundAction[] = [];
    for (const poll of new Set(matches.map((m) => m.poll))) {
      const mine = matches.filter((m) => m.poll === poll).sort((a, b) => a.row.dateTimeReceive.getTime() - b.row.dateTimeReceive.getTime() || a.row.id - b.row.id);
      // The poll owns its keywords on its line: a repeated vote is its message too (no parser answers it).
      for (const m of mine) m.row.handledBy = pollHandledBy(poll.id);
      // One statement cannot touch a (poll, number) twice: the batch keeps its own first or last.
      const perMobile = new Map<string, Match>();
      for (const m of mine) if (poll.countedAnswer === 'Last' || !perMobile.has(m.mobile)) perMobile.set(m.mobile, m);
      // In number order: two groups stored at once (two gateway connections) then take the rows'
      // locks in the same order and wait for each other instead of deadlocking.
      const inserts: AnswerInsert[] = [...perMobile.values()].sort((a, b) => (a.mobile < b.mobile ? -1 : a.mobile > b.mobile ? 1 : 0)).map((m) => ({ pollId: poll.id, optionId: m.option.id, mobile: m.mobile, inboxMessageId: m.row.id, answeredAt: m.row.dateTimeReceive }));
      const counted = new Set(poll.countedAnswer === 'Last' ? await this.repo.recordLast(tx, inserts) : await this.repo.recordFirst(tx, inserts));
      if (!poll.replyText) continue;
      for (const m of perMobile.values()) {
        if (!counted.has(m.row.id)) continue;
        const payload: ReplyPayload = {
          userId: poll.userId, organizationId: poll.organizationId, privateNumberId: poll.privateNumberId, to: m.mobile, text: poll.replyText,
          description: `poll:${poll.id}`,
        };
        replies.push({ organizationId: poll.organizationId, kind: REPLY_ACTION, sourceKey: `poll:${poll.id}:msg:${m.row.id}`, inboxMessageId: m.row.id, payload: payload as unknown as Record<string, unknown> });
      }
    }
    await this.actions.enqueue(tx, replies);
  }
}
