import { expect } from 'chai';
import sinon from 'sinon';
import { Container, injectable } from 'inversify';
import { pino } from 'pino';
import {
  ComposeService, messagingModule, OutboxService, RECIPIENT_SOURCES, SendsRepository,
  type GatheredRecipients, type RecipientSet, type RecipientSource, type RecipientSourceContext, type RecipientSourceInput,
} from '../../../server/modules/messaging/index.js';
import { ReceiversRepository } from '../../../server/modules/messaging/receivers.repository.js';
import { UploadsService } from '../../../server/modules/messaging/compose/uploads.service.js';
import { ResendRepository } from '../../../server/modules/messaging/resend/resend.repository.js';
import { P2PFilesService } from '../../../server/modules/messaging/p2p/p2p-files.service.js';
import { LinesService } from '../../../server/modules/numbers/index.js';
import { BillingService } from '../../../server/modules/billing/index.js';
import { OrganizationsService } from '../../../server/modules/organizations/index.js';
import { AuditService } from '../../../server/modules/audit/index.js';
import { MediaService } from '../../../server/modules/media/index.js';
import { ContactsService, CustomFieldsService } from '../../../server/modules/contacts/index.js';
import { TYPES } from '../../../server/platform/tokens.js';
import { Translator } from '../../../server/platform/i18n.js';
import type { PeykModule } from '../../../server/platform/module.js';
import type { Actor } from '../../../server/platform/actor.js';

// What the how-to asks of a module outside messaging: its input kind joins the union by declaration merging.
declare module '../../../server/modules/messaging/index.js' {
  interface RecipientSourceInputs {
    testBank: { count: number };
  }
}

type TestBankInput = Extract<RecipientSourceInput, { kind: 'testBank' }>;

/** A stand-in for targeting's number bank: `count` numbers from a fixed range, refused with pasted text. */
@injectable()
class TestBankSource implements RecipientSource<TestBankInput> {
  readonly kind = 'testBank';
  readonly field = 'numberBank';
  readonly excludes = ['text'] as const;
  readonly collected = sinon.spy();
  readonly consumedInputs: TestBankInput[] = [];
  async collect(actor: Actor, input: TestBankInput, set: RecipientSet, ctx: RecipientSourceContext): Promise<void> {
    this.collected(actor, input, await ctx.setting('MaxManualRecipients'));
    for (let i = 0; i < input.count; i++) set.add(`0912000000${i}`);
  }
  async consumed(input: TestBankInput): Promise<void> {
    this.consumedInputs.push(input);
  }
}

/** The only thing a module outside messaging writes: one binding under the exported token. */
const testBankModule: PeykModule = {
  name: 'test-bank',
  register(container) {
    container.bind(TestBankSource).toSelf().inSingletonScope();
    container.bind(RECIPIENT_SOURCES).toService(TestBankSource);
  },
};

describe('recipient sources: a source bound from another module', () => {
  function build(): { compose: ComposeService; bank: TestBankSource; container: Container } {
    const container = new Container();
    // The composition root's order: messaging registers before a module that imports its index.
    messagingModule.register(container);
    testBankModule.register(container);
    // Gathering reads no table: everything ComposeService and the providers need beyond that is inert.
    for (const cls of [SendsRepository, ReceiversRepository, UploadsService, OutboxService, ResendRepository, P2PFilesService] as (abstract new (...args: never[]) => unknown)[]) {
      container.rebind(cls).toConstantValue({});
    }
    for (const cls of [LinesService, BillingService, OrganizationsService, AuditService, MediaService, ContactsService, CustomFieldsService] as (abstract new (...args: never[]) => unknown)[]) {
      container.bind(cls).toConstantValue({});
    }
    container.bind(TYPES.Settings).toConstantValue({ values: async () => new Map([['MaxManualRecipients', '100'], ['MaxClipboardRecipients', '100']]) });
    container.bind(TYPES.UnitOfWork).toConstantValue({});
    container.bind(TYPES.Clock).toConstantValue({ now: () => new Date('2026-11-01T08:00:00Z') });
    container.bind(TYPES.Logger).toConstantValue(pino({ level: 'silent' }));
    container.bind(TYPES.Translator).toConstantValue(new Translator());
    return { compose: container.get(ComposeService), bank: container.get(TestBankSource), container };
  }
  // Gathering is private to ComposeService; the rest of a send needs a database, which the api tests cover.
  const gather = (compose: ComposeService, inputs: RecipientSourceInput[]) =>
    (compose as unknown as { gather(actor: Actor, inputs: RecipientSourceInput[]): Promise<GatheredRecipients> }).gather(actor, inputs);
  const actor = { principal: { userId: 1 } } as unknown as Actor;

  it('comes after messaging\'s own sources, in binding order', () => {
    const { container } = build();
    expect(container.getAll<RecipientSource>(RECIPIENT_SOURCES).map((s) => s.kind))
      .to.deep.equal(['list', 'upload', 'manual', 'text', 'bulk', 'phonebook', 'resend', 'p2p', 'testBank']);
  });

  it('is consulted by ComposeService: its receivers join the typed ones in one set', async () => {
    const { compose, bank } = build();
    const gathered = await gather(compose, [{ kind: 'testBank', count: 2 }, { kind: 'manual', numbers: ['09121234567', '09120000001'] }]);
    expect(bank.collected.calledOnceWith(actor, { kind: 'testBank', count: 2 }, 100)).to.equal(true);
    expect(gathered.size).to.equal(3);
    expect(gathered.duplicateCount).to.equal(1);
  });

  it('its exclusions are refused on its own field, and it is told when the send is stored', async () => {
    const { compose, bank } = build();
    let error: unknown;
    await gather(compose, [{ kind: 'testBank', count: 1 }, { kind: 'text', text: '09121234567' }]).catch((err: unknown) => { error = err; });
    expect((error as { validationErrors?: { propertyName: string }[] }).validationErrors?.[0].propertyName).to.equal('numberBank');
    expect(bank.collected.called).to.equal(false);
    await compose.sourcesConsumed({ sources: [{ kind: 'testBank', count: 4 }] });
    expect(bank.consumedInputs).to.deep.equal([{ kind: 'testBank', count: 4 }]);
  });
});
