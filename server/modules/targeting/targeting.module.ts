import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { targetingMessages } from './targeting.messages.js';
import { NumberBankRepository } from './number-bank.repository.js';
import { ZonesRepository } from './zones.repository.js';
import { NumberBankImporter } from './number-bank.worker.js';
import { NumberBankService } from './number-bank.service.js';
import { numberBankController, regionalSendController, zonesController } from './number-bank.routes.js';
import { RECIPIENT_SOURCES } from '../messaging/index.js';
import { RegionalRepository } from './regional.repository.js';
import { RegionalRecipientSource } from './regional-recipient-source.js';
import { RegionalSendService } from './regional-send.service.js';
import { PlacesRepository } from './places.repository.js';
import { PlacesService } from './places.service.js';
import { mapController, placesController, publicPlacesController } from './places.routes.js';
import { SmartRequestsRepository } from './smart-requests.repository.js';
import { BtsConnections } from './bts-connections.service.js';
import { SmartRequestsService } from './smart-requests.service.js';
import { smartRequestsController } from './smart-requests.routes.js';

export const targetingModule: PeykModule = {
  name: 'targeting',
  messages: targetingMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [
      NumberBankRepository, ZonesRepository, NumberBankImporter, NumberBankService,
      RegionalRepository, RegionalRecipientSource, RegionalSendService,
      PlacesRepository, PlacesService, SmartRequestsRepository, BtsConnections, SmartRequestsService,
    ];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    // The number bank as a recipient source of compose (messaging's extension point).
    container.bind(RECIPIENT_SOURCES).toService(RegionalRecipientSource);
  },
  controllers: (container) => [
    numberBankController(container.get(NumberBankService)), zonesController(container.get(NumberBankService)),
    regionalSendController(container.get(RegionalSendService)),
    smartRequestsController(container.get(SmartRequestsService)),
    placesController(container.get(PlacesService)), publicPlacesController(container.get(PlacesService)), mapController(container.get(PlacesService)),
  ],
  async onStart(container) {
    // Imports run where jobs run (role all or worker); a web-only process only queues them.
    if (container.get<AppConfig>(TYPES.Config).role !== 'web') await container.get(NumberBankImporter).start();
  },
  jobs(container) {
    const importer = container.get(NumberBankImporter);
    const regional = container.get(RegionalSendService);
    const smart = container.get(SmartRequestsService);
    return [
      { name: 'targeting.resume-stuck-imports', schedule: '40 * * * * *', scope: 'global', run: () => importer.resumeStuck() },
      // Expired gray-list rows: bounded deletes until none is left, so a run always ends.
      { name: 'targeting.sweep-gray-list', schedule: '15 */10 * * * *', scope: 'global', run: (now, signal) => regional.sweepGrayList(now, signal) },
      // Smart requests (CONTEXT.md "Smart requests"): delayed or left-queued submits, and polls / time-outs of submitted ones.
      { name: 'targeting.smart-submit', schedule: '*/15 * * * * *', scope: 'global', run: (_now, signal) => smart.submitDue(signal) },
      { name: 'targeting.smart-poll', schedule: '5,35 * * * * *', scope: 'global', run: (_now, signal) => smart.pollStale(signal) },
      // Periodic smart requests: the due occurrence of each running one, created under the parent's lock and submitted.
      { name: 'targeting.smart-periodic', schedule: '10,40 * * * * *', scope: 'global', run: (now, signal) => smart.runPeriodic(now, signal) },
    ];
  },
  async onStop(container) {
    await container.get(NumberBankImporter).stop();
    await container.get(SmartRequestsService).stop();
  },
};
