import { expect } from 'chai';
import { Container } from 'inversify';
import { RecipientSet } from '../../../server/modules/messaging/compose/recipient-set.js';
import { UploadsService } from '../../../server/modules/messaging/compose/uploads.service.js';
import { RECIPIENT_SOURCE_PROVIDERS, RECIPIENT_SOURCES, type RecipientSource } from '../../../server/modules/messaging/compose/recipient-sources.js';
import type { Actor } from '../../../server/platform/actor.js';

describe('recipient sources: the providers ComposeService gathers through', () => {
  function sources(): RecipientSource[] {
    const container = new Container();
    container.bind(UploadsService).toConstantValue({} as UploadsService);
    for (const provider of RECIPIENT_SOURCE_PROVIDERS) container.bind(RECIPIENT_SOURCES).to(provider).inSingletonScope();
    return container.getAll<RecipientSource>(RECIPIENT_SOURCES);
  }
  const actor = { principal: { userId: 1 } } as unknown as Actor;
  const limits = (max: number) => ({ setting: async () => max });

  it('multi-injection keeps registration order: whole lists first, then manual, text, bulk', () => {
    expect(sources().map((s) => s.kind)).to.deep.equal(['list', 'upload', 'manual', 'text', 'bulk']);
  });

  it('an upload excludes manual and text, and refusals point at each source\'s field', () => {
    const byKind = new Map(sources().map((s) => [s.kind, s]));
    expect(byKind.get('upload')!.excludes).to.deep.equal(['manual', 'text']);
    expect([...byKind.values()].map((s) => s.field)).to.deep.equal(['receivers', 'recipientsUploadId', 'receivers', 'receiversText', 'bulkRecipients']);
  });

  it('adds into one set with each maximum, and strict bulk names every invalid mobile', async () => {
    const byKind = new Map(sources().map((s) => [s.kind, s]));
    const set = new RecipientSet();
    await byKind.get('manual')!.collect(actor, { kind: 'manual', numbers: ['09121234567'] }, set, limits(5));
    await byKind.get('text')!.collect(actor, { kind: 'text', text: '09121234567, 09351234567' }, set, limits(5));
    expect(set.size).to.equal(2);
    expect(set.duplicateCount).to.equal(1);
    let error: unknown;
    await byKind.get('manual')!.collect(actor, { kind: 'manual', numbers: ['1', '2'] }, new RecipientSet(), limits(1)).catch((err: unknown) => { error = err; });
    expect((error as { validationErrors?: { propertyName: string }[] }).validationErrors?.[0].propertyName).to.equal('receivers');
    error = undefined;
    await byKind.get('bulk')!.collect(actor, { kind: 'bulk', strict: true, items: [{ mobile: '09121234567' }, { mobile: 'x' }] }, new RecipientSet(), limits(5)).catch((err: unknown) => { error = err; });
    expect((error as { validationErrors?: { propertyName: string }[] }).validationErrors?.map((i) => i.propertyName)).to.deep.equal(['bulkRecipients[1].mobile']);
    const lenient = new RecipientSet();
    await byKind.get('bulk')!.collect(actor, { kind: 'bulk', strict: false, items: [{ mobile: '09121234567' }, { mobile: 'x' }] }, lenient, limits(5));
    expect([lenient.size, lenient.wrongNumberCount]).to.deep.equal([1, 1]);
  });
});
