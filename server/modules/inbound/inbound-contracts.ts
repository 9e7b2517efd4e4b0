import type { Tx } from '../../platform/unit-of-work.js';
import type { InboxRow } from './inbox.repository.js';

/**
 * A step of the store transaction: classifies what was just stored (inbox groups, poll answers,
 * safe-list joins, parser matches) and writes what follows from it in the same transaction, so a
 * stored message is never left half-handled. Each step runs in its own savepoint: a step that
 * throws loses only its own writes (logged), never the messages or another step's work. A step
 * may set `inboxGroupId`/`inboxGroupName` on the rows (the push and the list show them) and enqueue
 * actions (`InboundActionsRepository.enqueue`) for anything that leaves the database. It must not
 * call a network or wait on another connection: on PGlite the transaction holds the only one.
 */
export interface InboundStep {
  /** For logs. */
  readonly name: string;
  /** Lower first (see the table in CONTEXT.md "Steps"). */
  readonly order: number;
  apply(tx: Tx, rows: InboxRow[]): Promise<void>;
}
export const INBOUND_STEPS = Symbol.for('peyk.inbound.InboundStep');

/** An action to do once, after the message that caused it is stored (a reply, a forward, a URL call). */
export interface NewInboundAction {
  organizationId: number | null;
  /** The handler's `kind`. */
  kind: string;
  /** Who asked, for which message (`parser:12:msg:3456`): a second enqueue of the same key is no new action. */
  sourceKey: string;
  inboxMessageId: number | null;
  payload: Record<string, unknown>;
  /** Not before (a delay); now when absent. */
  notBefore?: Date | null;
  /** Attempts before it is Failed (default 5). */
  maxAttempts?: number;
}

export interface InboundActionRow {
  id: number;
  organizationId: number | null;
  kind: string;
  sourceKey: string;
  inboxMessageId: number | null;
  payload: Record<string, unknown>;
  status: 'Waiting' | 'Done' | 'Failed';
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  result: Record<string, unknown> | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/**
 * What an action handler answers: `done` (with an optional result kept on the row), or a refusal
 * that no retry changes (`permanent`), or a failure worth trying again later (`retry`).
 */
export type InboundActionOutcome =
  | { done: true; result?: Record<string, unknown> }
  | { done: false; permanent: boolean; error: string };

/**
 * Does one kind of action. Called at least once per action (a crash after the work and before the
 * outcome is written repeats it), so a handler makes a repeat harmless: a send carries the action's
 * `sendId` (`inbound-action:<id>`), a URL call is the spec's GET that may arrive twice.
 */
export interface InboundActionHandler {
  readonly kind: string;
  run(action: InboundActionRow, signal: AbortSignal): Promise<InboundActionOutcome>;
}
export const INBOUND_ACTION_HANDLERS = Symbol.for('peyk.inbound.InboundActionHandler');
