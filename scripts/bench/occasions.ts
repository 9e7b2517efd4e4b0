/**
 * Benchmark `occasions`: one occasion's daily run over a large phonebook on PostgreSQL. The contacts
 * (birthdates spread over the Jalali year, so about 1/365 of them are due on a day) are written with
 * generate_series (not timed); then the runner is called on a fake day as the scheduler would:
 * once on a day with contacts due (one dynamic send, its receivers' texts rendered), once on a day
 * with nobody due (the whole phonebook read for nothing), and once more on the first day (answered
 * by the run row without reading anything). Prints seconds per run and the process's peak RSS.
 *
 *   node --import tsx scripts/bench/occasions.ts          (DATABASE_URL defaults to the local test server)
 *   BENCH_CONTACTS=200000 node --import tsx scripts/bench/occasions.ts
 */
import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { pino } from 'pino';
import { loadConfig } from '../../server/platform/config.js';
import { createScratchPostgresDatabase } from '../../server/platform/db.js';
import { TYPES } from '../../server/platform/tokens.js';
import { startPeyk } from '../../server/app.js';
import { fromJalali, OccasionRunner, OccasionsRepository } from '../../server/modules/engage/index.js';
import { Api } from './bench-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const contacts = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const peakRssMb = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

async function main(): Promise<void> {
  const scratch = await createScratchPostgresDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'peyk_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peyk-bench-'));
  const config = loadConfig({ PORT: '0', PEYK_DATA_DIR: dataDir, PEYK_ADMIN_USER: 'admin', PEYK_ADMIN_PASSWORD: 'Bench#Pass1', NODE_ENV: 'production' }, root, { host: '127.0.0.1', databaseUrl: scratch.url });
  const peyk = await startPeyk(config, { rootDir: root, logger: pino({ level: 'warn' }) });
  try {
    // Only these calls run occasions.
    await peyk.scheduler?.stop();
    const admin = new Api(peyk.url as string);
    admin.token = (await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass1' })).accessToken;
    await admin.post('Account/ChangePassword', { currentPassword: 'Bench#Pass1', newPassword: 'Bench#Pass2', confirmPassword: 'Bench#Pass2' });
    admin.token = (await admin.post('Account/Login', { userName: 'admin', password: 'Bench#Pass2' })).accessToken;
    const org = await admin.post('Organizations/Create', { name: 'Bench occasions', type: 'reseller' });
    const tariff = await admin.post('Tariffs/Create', { title: 'Bench', ranges: [{ fromCount: 0, toCount: null, prices: { mci: 100, irancell: 100, rightel: 100, other: 100, international: 1000 } }] });
    await admin.post('Tariffs/AssignToOrganization', { organizationId: org.id, tariffId: tariff.id });
    await admin.post('Credits/ChargeOrganization', { organizationId: org.id, amount: '100000000000', description: 'bench' });
    await admin.post('Users/Create', { userName: 'bencher', password: 'Bench#Pass3', changePasswordRequired: false, organizationId: org.id, isAdmin: true, firstName: 'Bench' });
    const sender = new Api(peyk.url as string);
    sender.token = (await sender.post('Account/Login', { userName: 'bencher', password: 'Bench#Pass3' })).accessToken;
    const agent = await admin.post('SenderAgents/Create', {
      title: 'Sim occasions', pluginName: 'simulator', maxPerSecond: 100_000, isActive: true, isSendActive: true, isActiveAllTime: true, options: { submitLatencyMs: 0, deliveryRatio: 1 },
    });
    const line = await admin.post('PrivateNumbers/Create', {
      number: '30009901', useForm: 'OneNumber', numberType: 'Public', typePrivateNumber: 'Bulk', smsSenderAgentId: agent.id, isPublic: true, isActive: true,
      isSendDynamic: true, isSendOccasionPhonebook: true, deliveryBase: true,
    });
    const book = await sender.post('Phonebooks/Create', { title: 'Everyone' });

    const knex = peyk.container.get<Knex>(TYPES.Knex);
    const loadStart = Date.now();
    // Birthdates spread over 366 days of 1990–91 (so every Jalali month/day is someone's birthday).
    await knex.raw(
      `insert into contacts ("phonebookId", cellphone, "firstName", birthdate)
       select ?, '98912' || lpad(g::text, 7, '0'), 'Name' || (g % 5000), date '1990-03-21' + (g % 366)
         from generate_series(0, ?::int - 1) g`, [book.id, contacts]);
    await knex('phonebooks').where({ id: book.id }).update({ contactsCount: contacts });
    await knex.raw('analyze contacts');
    console.log(`loaded ${contacts} contacts in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);

    const occasion = await sender.post('OccasionScheduledMessages/Create', {
      title: 'Birthday', privateNumberId: line.id, phonebookIds: [book.id], dynamicTemplateTitle: 'Birthday', smsBody: 'Happy birthday {firstName}, born {birthdate}',
      sendHour: 9, calenderEvent: false, phonebookCustomFieldNameEn: 'birthdate',
    });
    const runner = peyk.container.get(OccasionRunner);
    const repo = peyk.container.get(OccasionsRepository);
    const row = (await repo.byId(occasion.id))!;
    const timed = async (label: string, day: number) => {
      const start = Date.now();
      const outcome = await runner.runOne(row, day);
      const run = await repo.run(occasion.id, new Date(day * 86_400_000).toISOString().slice(0, 10));
      console.log(`${label}: ${outcome}, ${run?.recipientCount ?? 0} receivers, ${((Date.now() - start) / 1000).toFixed(2)} s, peak RSS ${peakRssMb()} MB`);
    };
    await timed('day with birthdays', fromJalali({ jy: 1406, jm: 7, jd: 1 }));
    // Esfand 30 in 1406 (a common year) is greeted on Esfand 29; no birthday falls on a day past the year's end.
    await timed('day with birthdays (Esfand 29, 1406)', fromJalali({ jy: 1406, jm: 12, jd: 29 }));
    await knex('contacts').where({ phonebookId: book.id }).update({ birthdate: null });
    await timed('nobody due (whole phonebook read)', fromJalali({ jy: 1406, jm: 7, jd: 2 }));
    await timed('repeat of a day already answered', fromJalali({ jy: 1406, jm: 7, jd: 1 }));
  } finally {
    await peyk.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
