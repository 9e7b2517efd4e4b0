import type { Knex } from 'knex';
import type { Migration } from '../server/platform/migration.js';

/**
 * Occasion sends (issue 15): calendar events (the system's Iranian official holidays, seeded here,
 * and each organization's own), occasion definitions, and one run row per (occasion, Tehran day)
 * that makes the day's send happen exactly once whatever the number of processes.
 *
 * Dates are Jalali month/day; `jalaliYear` null means every year. The solar holidays recur on the
 * same Jalali day; the lunar ones move about eleven days a year, so they are stored as the Jalali
 * days they fall on in 1405 and 1406 (Umm al-Qura arithmetic; see occasions/CONTEXT.md).
 */
type Seed = [year: number | null, month: number, day: number, titleFa: string, titleEn: string];

const SOLAR: Seed[] = [
  [null, 1, 1, 'عید نوروز', 'Nowruz'],
  [null, 1, 2, 'عید نوروز', 'Nowruz'],
  [null, 1, 3, 'عید نوروز', 'Nowruz'],
  [null, 1, 4, 'عید نوروز', 'Nowruz'],
  [null, 1, 12, 'روز جمهوری اسلامی', 'Islamic Republic Day'],
  [null, 1, 13, 'روز طبیعت', 'Nature Day'],
  [null, 3, 14, 'رحلت امام خمینی', 'Demise of Imam Khomeini'],
  [null, 3, 15, 'قیام ۱۵ خرداد', 'Uprising of 15 Khordad'],
  [null, 11, 22, 'پیروزی انقلاب اسلامی', 'Victory of the Islamic Revolution'],
  [null, 12, 29, 'ملی شدن صنعت نفت', 'Nationalization of the oil industry'],
];

/** Lunar holidays: [Hijri month, Hijri day, fa, en] with their Jalali days in 1405 and 1406. */
const LUNAR: [string, string, [number, number], [number, number]][] = [
  ['تاسوعای حسینی', 'Tasua', [4, 3], [3, 24]],
  ['عاشورای حسینی', 'Ashura', [4, 4], [3, 25]],
  ['اربعین حسینی', 'Arbaeen', [5, 12], [5, 2]],
  ['رحلت پیامبر اکرم و شهادت امام حسن مجتبی', 'Demise of the Prophet and martyrdom of Imam Hasan', [5, 20], [5, 10]],
  ['شهادت امام رضا', 'Martyrdom of Imam Reza', [5, 22], [5, 11]],
  ['شهادت امام حسن عسکری', 'Martyrdom of Imam Hasan Askari', [5, 30], [5, 19]],
  ['میلاد پیامبر اکرم و امام جعفر صادق', 'Birth of the Prophet and Imam Sadiq', [6, 8], [5, 28]],
  ['شهادت حضرت فاطمه', 'Martyrdom of Fatimah', [8, 22], [8, 11]],
  ['ولادت امام علی', 'Birth of Imam Ali', [10, 1], [9, 20]],
  ['مبعث پیامبر اکرم', "Mab'ath", [10, 15], [10, 4]],
  ['ولادت امام مهدی', "Birth of Imam Mahdi (15 Sha'ban)", [11, 3], [10, 22]],
  ['شهادت امام علی', 'Martyrdom of Imam Ali', [12, 9], [11, 28]],
  ['عید سعید فطر', 'Eid al-Fitr', [12, 18], [12, 7]],
  ['تعطیل به مناسبت عید فطر', 'Eid al-Fitr holiday', [12, 19], [12, 8]],
];

/** Lunar holidays of the Hijri year that ended in early 1405 / 1406 (1447 / 1448). */
const LUNAR_EARLY: Seed[] = [
  [1405, 1, 1, 'تعطیل به مناسبت عید فطر', 'Eid al-Fitr holiday'],
  [1405, 1, 24, 'شهادت امام جعفر صادق', 'Martyrdom of Imam Sadiq'],
  [1405, 3, 6, 'عید سعید قربان', 'Eid al-Adha'],
  [1405, 3, 14, 'عید سعید غدیر خم', 'Eid al-Ghadir'],
  [1406, 1, 13, 'شهادت امام جعفر صادق', 'Martyrdom of Imam Sadiq'],
  [1406, 2, 26, 'عید سعید قربان', 'Eid al-Adha'],
  [1406, 3, 3, 'عید سعید غدیر خم', 'Eid al-Ghadir'],
];

export function calendarSeed(): Seed[] {
  const lunar = LUNAR.flatMap(([fa, en, a, b]): Seed[] => [[1405, a[0], a[1], fa, en], [1406, b[0], b[1], fa, en]]);
  return [...SOLAR, ...LUNAR_EARLY, ...lunar];
}

export const engageOccasions: Migration = {
  name: '20261126-0033-engage-occasions',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('calendar_events', (t) => {
      t.increments('id');
      // Null: a system event (the official holidays), read only; otherwise the organization's own.
      t.integer('organizationId').references('id').inTable('organizations');
      t.string('title', 200).notNullable();
      t.string('titleEn', 200);
      t.smallint('jalaliYear');
      t.smallint('jalaliMonth').notNullable();
      t.smallint('jalaliDay').notNullable();
      t.boolean('isHoliday').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId', 'jalaliMonth']);
    });
    await knex('calendar_events').insert(calendarSeed().map(([jalaliYear, jalaliMonth, jalaliDay, title, titleEn]) => ({
      organizationId: null, title, titleEn, jalaliYear, jalaliMonth, jalaliDay, isHoliday: true,
    })));
    await knex.schema.createTable('occasion_scheduled_messages', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.string('title', 200).notNullable();
      t.integer('privateNumberId').notNullable().references('id').inTable('private_numbers');
      t.jsonb('phonebookIds').notNullable();
      t.string('dynamicTemplateTitle', 200).notNullable();
      t.text('smsBody').notNullable();
      t.smallint('sendHour').notNullable();
      t.smallint('howManyDaysSendItBeforeDueDate').notNullable().defaultTo(0);
      // true: the due date is a calendar event; false: a date field of each contact.
      t.boolean('calenderEvent').notNullable();
      t.jsonb('calendarEvents').notNullable().defaultTo('[]');
      t.jsonb('calenderOrganizationEvents').notNullable().defaultTo('[]');
      t.string('phonebookCustomFieldNameEn', 100);
      t.boolean('toConsiderYear').notNullable().defaultTo(false);
      t.boolean('isActive').notNullable().defaultTo(true);
      t.string('lastRunDay', 10);
      t.integer('lastSendId').references('id').inTable('sends');
      t.string('lastFailureCode', 60);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });
    // The once-only key: one row per occasion and Tehran day (YYYY-MM-DD), written in the send's own transaction.
    await knex.schema.createTable('occasion_runs', (t) => {
      t.integer('occasionId').notNullable().references('id').inTable('occasion_scheduled_messages');
      t.string('runDay', 10).notNullable();
      t.integer('sendId').references('id').inTable('sends');
      t.integer('recipientCount').notNullable().defaultTo(0);
      t.string('failureCode', 60);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.primary(['occasionId', 'runDay']);
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTableIfExists('occasion_runs');
    await knex.schema.dropTableIfExists('occasion_scheduled_messages');
    await knex.schema.dropTableIfExists('calendar_events');
  },
};
