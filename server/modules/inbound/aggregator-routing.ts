import { normalizeMobile, toLatinDigits } from '../../shared/sms/phone-numbers.js';
import { operatorOfNumber } from '../../shared/sms/operator-prefixes.js';
import { compileUserPattern, matchesUserPattern } from '../../shared/text/user-pattern.js';
import type { InboxInsert } from './inbox.repository.js';
import type { ActiveAggregatorRule } from './aggregator-rules.repository.js';

import type { SmsAggregator } from '../../shared/inbound/sms-aggregators.js';

/**
 * The aggregator values a sender's traffic comes through: by the operator of the sender's number
 * (MCI's two aggregators both carry MCI numbers); a sender that is no phone number is NotValid.
 */
export function aggregatorsOfSender(sender: string): readonly SmsAggregator[] {
  const mobile = normalizeMobile(sender);
  if (!mobile) return ['NotValid'];
  switch (operatorOfNumber(mobile.number)) {
    case 'mci': return ['MCI', 'MCI2'];
    case 'irancell': return ['Irancell'];
    case 'rightel': return ['Rightel'];
    case 'other': return ['Other'];
    default: return ['International'];
  }
}

/**
 * Gives each message on a line with rules to the organization of the first rule (oldest first)
 * whose pattern matches the text (digits folded to Latin, so `\d` reads Persian digits too) and
 * whose aggregator, when set, is the sender's. A message no rule matches stays the line owner's.
 * `compiled` caches patterns across calls (a pattern that no longer compiles matches nothing).
 */
export function routeByAggregator(rows: InboxInsert[], rules: ActiveAggregatorRule[], compiled: Map<string, RegExp | null>): number {
  if (rules.length === 0) return 0;
  const byLine = new Map<number, ActiveAggregatorRule[]>();
  for (const r of rules) byLine.set(r.privateNumberId, [...(byLine.get(r.privateNumberId) ?? []), r]);
  let routed = 0;
  for (const row of rows) {
    const lineRules = row.privateNumberId === null ? undefined : byLine.get(row.privateNumberId);
    if (!lineRules) continue;
    const text = toLatinDigits(row.smsText);
    const senderAggregators = aggregatorsOfSender(row.senderMobile);
    for (const rule of lineRules) {
      if (rule.smsAggregator && !senderAggregators.includes(rule.smsAggregator as SmsAggregator)) continue;
      if (!compiled.has(rule.regex)) compiled.set(rule.regex, compileUserPattern(rule.regex));
      const re = compiled.get(rule.regex);
      if (!re || !matchesUserPattern(re, text)) continue;
      row.organizationId = rule.organizationId;
      row.aggregatorRuleId = rule.id;
      routed++;
      break;
    }
  }
  return routed;
}
