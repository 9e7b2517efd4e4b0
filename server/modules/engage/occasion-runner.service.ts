import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { TYPES } from '../../platform/tokens.js';
import { isUniqueViolation, type UnitOfWork } from '../../platform/unit-of-work.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/http/errors.js';
import { dayString } from '../../shared/dates/calendar-days.js';
import { ActorFactory } from '../identity/index.js';
import { ContactsService, CustomFieldsService, type StreamedContact } from '../contacts/index.js';
import { NotificationsService } from '../notifications/index.js';
import { PrivateNumbersService } from '../numbers/index.js';
import { ComposeService, compileTemplate, parseTemplate, RecipientSet, type TemplateContact } from '../messaging/index.js';
import { tehranDay, tehranTime } from '../../shared/dates/tehran-days.js';
import { CalendarEventsRepository } from './calendar-events.repository.js';
import { OccasionsRepository, type OccasionRow, type OccasionRun } from './occasions.repository.js';
import { contactIsDue, dueDay, eventFallsOn, type JalaliDate } from './occasion-dates.js';

/** Occasions read per page of a pass (each is one send, at most its phonebooks' read). */
const RUN_BATCH = 50;

export type RunOutcome = 'sent' | 'nobody' | 'refused' | 'taken';

/**
 * The daily occasion sends (`engage.run-occasions`, every minute, global). An occasion is due on a
 * Tehran day from its hour on, once it exists; its run makes ONE ordinary dynamic send through
 * compose (price, hold, limits, dispatch, outbox) for the contacts whose due date is
 * `howManyDaysSendItBeforeDueDate` days ahead, as its owner. Exactly once per (occasion, day): the
 * run row is written inside the send's transaction under the primary key (occasion, day), so a
 * second process or a retry rolls back whole (nothing stored, nothing held); a crash before the
 * commit leaves no row and the next minute makes it. A day with nobody due, or refused, is recorded
 * too (no send), so it is neither re-read every minute nor retried forever.
 */
@injectable()
export class OccasionRunner {
  constructor(
    @inject(OccasionsRepository) private readonly repo: OccasionsRepository,
    @inject(CalendarEventsRepository) private readonly events: CalendarEventsRepository,
    @inject(ComposeService) private readonly compose: ComposeService,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(CustomFieldsService) private readonly fields: CustomFieldsService,
    @inject(ActorFactory) private readonly actors: ActorFactory,
    @inject(NotificationsService) private readonly notifications: NotificationsService,
    @inject(PrivateNumbersService) private readonly numbers: PrivateNumbersService,
    @inject(TYPES.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  /**
   * Every occasion due at `now` without a run today. Missed days (the service was down) are not
   * made up: a birthday greeting a week late is worse than none, and a burst of old sends costs money.
   */
  async runDue(now: Date): Promise<Record<number, RunOutcome>> {
    const today = tehranDay(now);
    const runDay = dayString(today);
    // The Tehran hour now; occasions made after today's Tehran day are not due on it.
    let hour = 23;
    while (hour > 0 && tehranTime(today, hour, 0).getTime() > now.getTime()) hour--;
    const createdBefore = tehranTime(today + 1, 0, 0);
    const outcomes: Record<number, RunOutcome> = {};
    for (let afterId = 0; ;) {
      const page = await this.repo.dueWithoutRun({ runDay, hour, createdBefore, afterId, limit: RUN_BATCH });
      if (page.length === 0) break;
      for (const occasion of page) {
        afterId = occasion.id;
        try {
          outcomes[occasion.id] = await this.runOne(occasion, today);
        } catch (err) {
          // Not a refusal (the database, a bug): no run row, so the next minute tries again.
          this.logger.error({ err, occasionId: occasion.id, runDay }, 'occasion send failed');
        }
      }
    }
    return outcomes;
  }

  /** One occasion's run for the Tehran day `today` (an epoch day). */
  async runOne(occasion: OccasionRow, today: number): Promise<RunOutcome> {
    const runDay = dayString(today);
    // Answered already (another process, a repeat): say so before reading a whole phonebook. Only a
    // shortcut: the key in the send's transaction decides when two runs pass this at once.
    if (await this.repo.run(occasion.id, runDay)) return 'taken';
    const built = await this.actors.forUser(occasion.userId, occasion.organizationId, 'system', { requestId: `occasion:${occasion.id}:${runDay}`, userAgent: 'occasion-send' });
    if ('missing' in built) return this.refuse(occasion, runDay, built.missing === 'user' ? 'UserIsInactive' : 'OrganizationNotFound');
    // Compose checks the line for Dynamic sends; the occasion flag (or the user's assignment) may have gone since.
    const line = (await this.numbers.myNumbers(built.actor, 'Dynamic')).find((l) => l.id === occasion.privateNumberId);
    if (!line?.isSendOccasionPhonebook) return this.refuse(occasion, runDay, 'PrivateNumberNotValid');
    const target = dueDay(today, occasion.howManyDaysSendItBeforeDueDate);
    if (occasion.calenderEvent && !(await this.eventDue(occasion, target))) return this.nobody(occasion, runDay);
    let set: RecipientSet;
    try {
      set = await this.recipients(built.actor, occasion, target);
    } catch (err) {
      // A phonebook gone or no longer visible, a placeholder whose field was deleted: the day is refused.
      if (err instanceof AppError) return this.refuse(occasion, runDay, failureCodeOf(err));
      throw err;
    }
    if (set.size === 0) return this.nobody(occasion, runDay);
    try {
      await this.compose.createInternal(built.actor, {
        senderNumberId: occasion.privateNumberId, smsBody: occasion.smsBody, sendType: 'Dynamic', sendDirect: true,
        description: occasion.title,
        sources: [{ kind: 'list', items: set.items, wrongNumberCount: set.wrongNumberCount, duplicateCount: set.duplicateCount }],
      }, {
        values: { sendSubType: 'Occasion', phonebookIds: occasion.phonebookIds },
        inTransaction: (tx, send) => this.repo.insertRun(tx, { occasionId: occasion.id, runDay, sendId: send.id, recipientCount: send.recipientCount, failureCode: null }),
      });
      return 'sent';
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      if (!(err instanceof AppError)) throw err;
      return this.refuse(occasion, runDay, failureCodeOf(err));
    }
  }

  private async eventDue(occasion: OccasionRow, target: JalaliDate): Promise<boolean> {
    const [system, own] = await Promise.all([
      this.events.usable(occasion.organizationId, occasion.calendarEvents, false),
      this.events.usable(occasion.organizationId, occasion.calenderOrganizationEvents, true),
    ]);
    return [...system, ...own].some((e) => eventFallsOn({ year: e.jalaliYear, month: e.jalaliMonth, day: e.jalaliDay }, target));
  }

  /** The due contacts of the occasion's phonebooks, each with its own text; numbers deduplicated across phonebooks. */
  private async recipients(actor: Actor, occasion: OccasionRow, target: JalaliDate): Promise<RecipientSet> {
    const set = new RecipientSet();
    const parts = parseTemplate(occasion.smsBody);
    const field = occasion.phonebookCustomFieldNameEn;
    for (const phonebookId of occasion.phonebookIds) {
      const book = await this.contacts.phonebookForSend(actor, phonebookId);
      const compiled = compileTemplate(parts, (await this.fields.ofOrganization(book.organizationId)).map((f) => ({ nameEn: f.nameEn, type: f.type })));
      if ('unknown' in compiled) throw new AppError(400, 'occasions.unknownPlaceholder', { fields: compiled.unknown.join(' ') }, [], { failureCode: 'NotSended' });
      const due = (c: StreamedContact) => occasion.calenderEvent || contactIsDue(dateOf(c, field), occasion.toConsiderYear, target);
      for await (const batch of this.contacts.streamContacts(actor, book.id)) {
        for (const c of batch) if (due(c)) set.add(c.cellphone, null, compiled.render(c as unknown as TemplateContact));
      }
    }
    return set;
  }

  private async nobody(occasion: OccasionRow, runDay: string): Promise<RunOutcome> {
    const recorded = await this.uow.run((tx) => this.repo.recordOutcome(tx, run(occasion, runDay, null)));
    return recorded ? 'nobody' : 'taken';
  }

  /** A refusal is the day's answer: recorded on the occasion and told to its owner, not retried. */
  private async refuse(occasion: OccasionRow, runDay: string, failureCode: string): Promise<RunOutcome> {
    const recorded = await this.uow.run(async (tx) => {
      if (!(await this.repo.recordOutcome(tx, run(occasion, runDay, failureCode)))) return false;
      await this.notifications.notify(tx, {
        userId: occasion.userId, organizationId: occasion.organizationId, kind: 'OccasionSendRefused', importance: 'high',
        title: 'ارسال مناسبتی انجام نشد / Occasion send refused',
        body: `ارسال مناسبتی «${occasion.title}» در ${runDay} انجام نشد (${failureCode}).\n`
          + `The occasion send "${occasion.title}" of ${runDay} was refused (${failureCode}).`,
      });
      return true;
    });
    return recorded ? 'refused' : 'taken';
  }
}

function run(occasion: OccasionRow, runDay: string, failureCode: string | null): OccasionRun {
  return { occasionId: occasion.id, runDay, sendId: null, recipientCount: 0, failureCode };
}

function dateOf(c: StreamedContact, field: string | null): unknown {
  if (!field) return null;
  return field === 'birthdate' ? c.birthdate : c.fields[field];
}

function failureCodeOf(err: AppError): string {
  return String((err.data as { failureCode?: string } | undefined)?.failureCode ?? 'NotSended');
}
