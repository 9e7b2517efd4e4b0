import { inject, injectable } from 'inversify';
import type { Tx } from '../../platform/unit-of-work.js';
import { normalizeIranMobile } from '../../shared/sms/phone-numbers.js';
import type { InboundStep, NewInboundAction } from './inbound-contracts.js';
import { InboundActionsRepository } from './inbound-actions.repository.js';
import { InboxGroupsRepository, type InboxRuleRow } from './inbox-groups.repository.js';
import type { InboxRow } from './inbox.repository.js';
import { foldText } from './inbox-text.js';
import { REPLY_ACTION, type ReplyPayload } from './reply-action.handler.js';
import { shownSender } from '../../shared/sms/masked-numbers.js';

export const FORWARD_URL_ACTION = 'forward-url';
export const FORWARD_EMAIL_ACTION = 'forward-email';

/** A forward to a URL: the spec's GET with To (the line), From (the sender) and Text. */
export interface ForwardUrlPayload { url: string; to: string; from: string; text: string }
/** A forward to an email address: the message as the mail's text. */
export interface ForwardEmailPayload { email: string; to: string; from: string; text: string; at: string }

/** A sender's number as rules compare it: an Iranian mobile in any form as 98…, anything else its digits or as given. */
export function senderKey(value: string): string {
  const trimmed = value.trim();
  return normalizeIranMobile(trimmed) ?? trimmed.toLowerCase();
}

/** Whether a rule's conditions (all that it has) hold for a message. */
export function ruleMatches(rule: Pick<InboxRuleRow, 'privateNumberId' | 'senderMobile' | 'keywordType' | 'keyword'>, row: Pick<InboxRow, 'privateNumberId' | 'senderMobile' | 'smsText'>): boolean {
  if (rule.privateNumberId !== null && rule.privateNumberId !== row.privateNumberId) return false;
  if (rule.senderMobile !== null && senderKey(rule.senderMobile) !== senderKey(row.senderMobile)) return false;
  if (rule.keyword !== null && rule.keyword !== '') {
    const text = foldText(row.smsText);
    const word = foldText(rule.keyword);
    if (rule.keywordType === 'StartsWith' ? !text.startsWith(word) : !text.includes(word)) return false;
  }
  return true;
}

/** The text a forward to a mobile carries: who wrote, then what. */
export function forwardedText(stored: Pick<InboxRow, 'senderMobile' | 'smsText' | 'isHiddenSender'>): string {
  const row = shownSender(stored);
  return `${row.senderMobile}: ${row.smsText}`;
}

/**
 * Inbox rules (step order 10, classification): for each new message of an organization, its
 * active rules are tried in order (priority, then the older first) and the first whose conditions
 * all hold wins: the message is filed under its group (in the row and in memory, so the push and
 * the list say so) and its forwards are queued as actions. Never answers the sender (`handledBy`
 * is left alone). A forward to a mobile is never made for a message whose sender is one of the
 * organization's own lines (two organizations' rules, or a rule and a parser, would ping-pong).
 */
@injectable()
export class InboxRulesStep implements InboundStep {
  readonly name = 'inbox-rules';
  readonly order = 10;

  constructor(
    @inject(InboxGroupsRepository) private readonly repo: InboxGroupsRepository,
    @inject(InboundActionsRepository) private readonly actions: InboundActionsRepository,
  ) {}

  async apply(tx: Tx, rows: InboxRow[]): Promise<void> {
    const owned = rows.filter((r) => r.organizationId !== null);
    const organizationIds = [...new Set(owned.map((r) => r.organizationId as number))];
    const rules = await this.repo.activeRulesOf(tx, organizationIds);
    if (rules.length === 0) return;
    const byOrganization = new Map<number, InboxRuleRow[]>();
    for (const rule of rules) byOrganization.set(rule.organizationId, [...(byOrganization.get(rule.organizationId) ?? []), rule]);
    const needsOwnNumbers = rules.some((r) => r.forwardMobile);
    const ownNumbers = needsOwnNumbers ? await this.repo.ownNumbersOf(tx, [...byOrganization.keys()]) : new Map<number, Set<string>>();
    const filed = new Map<number, number[]>();
    const queued: NewInboundAction[] = [];
    for (const row of owned) {
      const rule = byOrganization.get(row.organizationId as number)?.find((r) => ruleMatches(r, row));
      if (!rule) continue;
      if (rule.inboxGroupId !== null) {
        filed.set(rule.inboxGroupId, [...(filed.get(rule.inboxGroupId) ?? []), row.id]);
        row.inboxGroupId = rule.inboxGroupId;
        row.inboxGroupName = rule.inboxGroupName;
      }
      const base = { organizationId: rule.organizationId, inboxMessageId: row.id };
      const key = `inbox-rule:${rule.id}:msg:${row.id}`;
      if (rule.forwardUrl) {
        queued.push({ ...base, kind: FORWARD_URL_ACTION, sourceKey: `${key}:url`, payload: { url: rule.forwardUrl, to: row.receiverNumber, from: shownSender(row).senderMobile, text: shownSender(row).smsText } satisfies ForwardUrlPayload });
      }
      if (rule.forwardEmail) {
        queued.push({ ...base, kind: FORWARD_EMAIL_ACTION, sourceKey: `${key}:email`, payload: { email: rule.forwardEmail, to: row.receiverNumber, from: shownSender(row).senderMobile, text: shownSender(row).smsText, at: new Date(row.dateTimeReceive).toISOString() } satisfies ForwardEmailPayload });
      }
      const own = ownNumbers.get(rule.organizationId);
      const fromOwnLine = own !== undefined && (own.has(row.senderMobile) || [...own].some((n) => senderKey(n) === senderKey(row.senderMobile)));
      if (rule.forwardMobile && row.privateNumberId !== null && !fromOwnLine) {
        const payload: ReplyPayload = {
          userId: rule.userId, organizationId: rule.organizationId, privateNumberId: row.privateNumberId, to: rule.forwardMobile,
          text: forwardedText(row), description: `inbox-rule:${rule.id}`,
        };
        queued.push({ ...base, kind: REPLY_ACTION, sourceKey: `${key}:mobile`, payload: payload as unknown as Record<string, unknown> });
      }
    }
    await this.repo.file(tx, filed);
    await this.actions.enqueue(tx, queued);
  }
}
