/**
 * Benchmark `dynamic`: a 500,000-contact phonebook with three custom fields (String, Integer,
 * Datetime), sent as a dynamic send (`CreateDynamicScheduledMessage`, a template naming contact and
 * custom fields) until the send is Ready with its credit held, on PostgreSQL. The contacts are
 * written by SQL (the import is `bench:import`'s); the server runs in its own process with
 * dispatching off, so only compose is measured: streaming the contacts, rendering and judging each
 * text, the blacklist, the early check, the load of receivers with their own texts, the hold.
 * Prints the preview's time, the time to answer and to Ready, receivers/s and the server's peak
 * resident memory. Aim: <= 5 s until Ready.
 *
 *   npm run bench:dynamic          (DATABASE_URL defaults to the local test server)
 *   BENCH_CONTACTS=100000 npm run bench:dynamic
 */
import os from 'node:os';
import { openDatabase } from '../../server/platform/db.js';
import { benchDatabase, setupSender, startBenchServer } from './bench-server.js';

const contacts = Number(process.env.BENCH_CONTACTS ?? 500_000);
const template = 'سلام {firstName} {lastName} عزیز، امتیاز شما در {City}: {Score} (عضویت {Joined}). لغو ۱۱';

async function main(): Promise<void> {
  const db = await benchDatabase();
  const server = await startBenchServer(db, Number(process.env.BENCH_PORT ?? 3379), { PEYK_DISPATCH: 'false' });
  const direct = await openDatabase({ databaseUrl: db.url, pgliteDir: null, poolMax: 2 });
  try {
    const { sender, lineId } = await setupSender(server.base, true);
    const city = await sender.post('CustomFields/Create', { type: 'String', nameEn: 'City', nameFa: 'شهر' });
    const score = await sender.post('CustomFields/Create', { type: 'Integer', nameEn: 'Score', nameFa: 'امتیاز' });
    const joined = await sender.post('CustomFields/Create', { type: 'Datetime', nameEn: 'Joined', nameFa: 'عضویت' });
    const book = await sender.post('Phonebooks/Create', { title: 'Bench dynamic' });
    const knex = direct.knex;
    const s0 = performance.now();
    // Unique numbers over six operator prefixes; a fifth without a last name, a tenth without a city.
    await knex.raw(
      `insert into contacts ("phonebookId", cellphone, "firstName", "lastName", fields)
       select ?, '98' || (array['912','935','921','990','901','919'])[1 + g % 6] || lpad(g::text, 7, '0'),
              'نام' || (g % 997), case when g % 5 = 0 then null else 'خانواده' || (g % 113) end,
              jsonb_strip_nulls(jsonb_build_object(?::text, case when g % 10 = 0 then null else (array['تهران','شیراز','تبریز','مشهد'])[1 + g % 4] end,
                                                   ?::text, g % 1000,
                                                   ?::text, to_char(timestamp '2024-03-20 08:30' + (g % 365) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')))
         from generate_series(1, ?::int) g`,
      [book.id, String(city.id), String(score.id), String(joined.id), contacts],
    );
    await knex('phonebooks').where({ id: book.id }).update({ contactsCount: contacts });
    await knex('private_numbers').where({ id: lineId }).update({ isSendDynamic: true });
    await knex.raw('analyze contacts');
    console.log(`dynamic: ${contacts.toLocaleString('en')} contacts written by SQL in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

    const body = { senderNumberId: lineId, smsBody: template, phonebookIds: [book.id] };
    const baseline = server.peakRssMb();
    const pc0 = server.cpuSeconds();
    const p0 = performance.now();
    const quote = await sender.post('ScheduledMessages/GetScheduledMessageCalculationsByDynamic', body);
    const p1 = performance.now();
    const previewCpu = server.cpuSeconds() - pc0;
    const cpu0 = server.cpuSeconds();
    const t0 = performance.now();
    const send = await sender.post('ScheduledMessages/CreateDynamicScheduledMessage', { ...body, sendId: 'bench-dynamic' });
    const t1 = performance.now();
    const cpu = server.cpuSeconds() - cpu0;
    let current = send;
    while (current.queueStatus !== 'Ready') {
      if (current.queueStatus !== 'Stored' && current.queueStatus !== 'Scheduled') throw new Error(`send is ${current.queueStatus}, not Ready`);
      await new Promise((r) => setTimeout(r, 20));
      current = await sender.get(`OutBox/Get/${send.id}`);
    }
    const t2 = performance.now();
    const sample = (await sender.get(`OutBox/GetRecipients?id=${send.id}&pageSize=1`)).items[0];
    if (send.recipientCount !== contacts || !sample?.smsText || sample.smsText.includes('{')) throw new Error(`unexpected send: ${JSON.stringify({ recipientCount: send.recipientCount, sample })}`);
    const seconds = (t1 - t0) / 1000;
    console.log(`  template: ${template}`);
    console.log(`  e.g. ${sample.toNumber}: ${sample.smsText} (${sample.smsParts} parts)`);
    console.log(`  preview (GetScheduledMessageCalculationsByDynamic): ${((p1 - p0) / 1000).toFixed(2)} s (server CPU ${previewCpu.toFixed(2)} s), ${quote.recipientCount.toLocaleString('en')} receivers, price ${quote.totalPrice}`);
    console.log(`  time to answer (stored, receivers loaded with their texts, credit held): ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(2)} s; the machine's load average ${os.loadavg()[0].toFixed(1)})`);
    console.log(`  time to Ready: ${((t2 - t0) / 1000).toFixed(2)} s (aim <= 5 s); ${send.recipientCount.toLocaleString('en')} receivers, most expensive ${send.smsParts} parts, held ${send.totalPrice} rials`);
    console.log(`  receivers/s: ${Math.round(send.recipientCount / seconds).toLocaleString('en')}`);
    console.log(`  server peak RSS: ${server.peakRssMb()} MB (idle before: ${baseline} MB)`);
  } finally {
    await direct.knex.destroy();
    await server.stop();
    await db.drop();
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
