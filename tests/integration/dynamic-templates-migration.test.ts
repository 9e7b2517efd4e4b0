import { expect } from 'chai';
import { MIGRATION_BACKENDS, openDatabaseBefore } from '../support/migration-databases.js';
import { messagingDynamicTemplates } from '../../migrations/20261204-0085-messaging-dynamic-templates.js';


const backends = MIGRATION_BACKENDS;

/** Migration 0085: text parsers that named confirmed patterns name templates holding the same words afterwards. */
describe('Migration 0085: parsers\' pattern ids become dynamic templates', function () {
  this.timeout(120_000);
  for (const backend of backends) {
    it(`${backend}: each named pattern becomes a Braces template and both ids move to it; unnamed patterns stay patterns`, async () => {
      const { db, dispose } = await openDatabaseBefore(backend, messagingDynamicTemplates);
      try {
        const knex = db.knex;
        const [org] = await knex('organizations').insert({ name: 'Mig', type: 'organization', path: '/', depth: 1 }).returning('id');
        const [user] = await knex('users').insert({ organizationId: org.id, userName: 'mig-user', passwordHash: 'x' }).returning('id');
        const [agent] = await knex('sender_agents').insert({ organizationId: org.id, title: 'A', pluginName: 'simulator' }).returning('id');
        const [line] = await knex('private_numbers').insert({ organizationId: org.id, number: '30001', smsSenderAgentId: agent.id }).returning('id');
        const pattern = async (title: string, smsText: string) => (await knex('message_patterns').insert({ organizationId: org.id, userId: user.id, title, smsText, status: 'Confirmed' }).returning('id'))[0].id as number;
        const known = await pattern('Known', 'Hi {firstName}');
        const stranger = await pattern('Stranger', 'Welcome');
        const unused = await pattern('Unused', 'Not a template');
        const [parser] = await knex('text_parsers').insert({
          organizationId: org.id, userId: user.id, title: 'P', privateNumberId: line.id, thenConditionType: 'ReplyDynamicTemplate',
          matchingDynamicTemplateId: known, noMatchingDynamicTemplateId: stranger,
        }).returning('id');

        await messagingDynamicTemplates.up(knex);

        const moved = await knex('text_parsers').where({ id: parser.id }).first('matchingDynamicTemplateId', 'noMatchingDynamicTemplateId');
        const templates = await knex('dynamic_templates').select('id', 'title', 'customText', 'format', 'organizationId', 'userId', 'movedFromPatternId').orderBy('id');
        expect(templates.map((t) => [t.title, t.customText, t.format, t.movedFromPatternId])).to.deep.equal([['Known', 'Hi {firstName}', 'Braces', known], ['Stranger', 'Welcome', 'Braces', stranger]]);
        expect(templates.every((t) => t.organizationId === org.id && t.userId === user.id)).to.equal(true);
        expect([moved.matchingDynamicTemplateId, moved.noMatchingDynamicTemplateId]).to.deep.equal(templates.map((t) => t.id));
        expect(templates.map((t) => t.movedFromPatternId)).to.not.include(unused);

        await messagingDynamicTemplates.down(knex);
        const back = await knex('text_parsers').where({ id: parser.id }).first('matchingDynamicTemplateId', 'noMatchingDynamicTemplateId');
        expect([back.matchingDynamicTemplateId, back.noMatchingDynamicTemplateId]).to.deep.equal([known, stranger]);
      } finally {
        await dispose();
      }
    });
  }
});
