import 'reflect-metadata';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { TYPES } from './platform/tokens.js';
import type { AppConfig } from './platform/config.js';
import type { DatabaseKind } from './platform/db.js';
import type { KeyValueStore } from './platform/kv.js';
import type { QueueFactory } from './platform/queue.js';
import { Translator } from './platform/i18n.js';
import { systemClock, type Clock } from './platform/clock.js';
import { UnitOfWork } from './platform/unit-of-work.js';
import { ConfirmationGuard } from './platform/confirmation.js';
import { Realtime } from './platform/realtime.js';
import { AuthEpoch } from './platform/auth-epoch.js';
import { ClusterSignals } from './platform/cluster-signals.js';
import { SettingsRepository } from './platform/settings.repository.js';
import { SettingsService } from './platform/settings.service.js';
import { OutboundUrlGuard } from './platform/outbound/outbound-url-guard.js';
import { UploadIntake } from './platform/upload/upload-intake.service.js';
import { KeptFiles } from './platform/upload/kept-files.js';
import type { PeykModule } from './platform/module.js';
import { auditModule } from './modules/audit/index.js';
import { approvalsModule } from './modules/approvals/index.js';
import { organizationsModule } from './modules/organizations/index.js';
import { identityModule } from './modules/identity/index.js';
import { billingModule } from './modules/billing/index.js';
import { numbersModule } from './modules/numbers/index.js';
import { mediaModule } from './modules/media/index.js';
import { documentsModule } from './modules/documents/index.js';
import { messagingModule } from './modules/messaging/index.js';
import { engageModule } from './modules/engage/index.js';
import { alertsModule } from './modules/alerts/index.js';
import { inboundModule } from './modules/inbound/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { developerModule } from './modules/developer/index.js';
import { contactsModule } from './modules/contacts/index.js';
import { insightModule } from './modules/insight/index.js';
import { targetingModule } from './modules/targeting/index.js';

/** Every module of the server, in dependency order. */
export const MODULES: PeykModule[] = [auditModule, organizationsModule, approvalsModule, identityModule, documentsModule, notificationsModule, billingModule, numbersModule, mediaModule, contactsModule, messagingModule, targetingModule, inboundModule, developerModule, insightModule, engageModule, alertsModule];

export interface Infrastructure {
  config: AppConfig;
  logger: Logger;
  knex: Knex;
  databaseKind: DatabaseKind;
  kv: KeyValueStore;
  queues: QueueFactory;
  clock?: Clock;
}

export function buildContainer(infra: Infrastructure, modules: PeykModule[] = MODULES): Container {
  const container = new Container();
  container.bind(TYPES.Config).toConstantValue(infra.config);
  container.bind(TYPES.Logger).toConstantValue(infra.logger);
  container.bind(TYPES.Knex).toConstantValue(infra.knex);
  container.bind(TYPES.DatabaseKind).toConstantValue(infra.databaseKind);
  container.bind(TYPES.KeyValueStore).toConstantValue(infra.kv);
  container.bind(TYPES.QueueFactory).toConstantValue(infra.queues);
  container.bind(TYPES.Clock).toConstantValue(infra.clock ?? systemClock);
  container.bind(TYPES.UnitOfWork).toConstantValue(new UnitOfWork(infra.knex));
  container.bind(TYPES.ConfirmationGuard).toConstantValue(new ConfirmationGuard(infra.kv));
  container.bind(TYPES.Realtime).toConstantValue(new Realtime());
  container.bind(TYPES.AuthEpoch).toConstantValue(new AuthEpoch());
  container.bind(TYPES.ClusterSignals).toConstantValue(new ClusterSignals((err, topic) => infra.logger.warn({ err, topic }, 'cluster signal failed')));
  container.bind(SettingsRepository).toSelf().inSingletonScope();
  container.bind(TYPES.Settings).to(SettingsService).inSingletonScope();
  container.bind(OutboundUrlGuard).toSelf().inSingletonScope();
  container.bind(UploadIntake).toSelf().inSingletonScope();
  container.bind(KeptFiles).toSelf().inSingletonScope();
  const translator = new Translator();
  for (const m of modules) if (m.messages) translator.add(m.messages);
  container.bind(TYPES.Translator).toConstantValue(translator);
  for (const m of modules) m.register(container);
  return container;
}
