import type { Container } from 'inversify';
import type { PeykModule } from '../../platform/module.js';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { targetingMessages } from './targeting.messages.js';
import { NumberBankRepository } from './number-bank.repository.js';
import { ZonesRepository } from './zones.repository.js';
import { NumberBankImporter } from './number-bank.worker.js';
import { NumberBankService } from './number-bank.service.js';
import { numberBankController, zonesController } from './number-bank.routes.js';
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
    const classes: (new (...args: never[]) => unknown)[] = [NumberBankRepository, ZonesRepository, NumberBankImporter, NumberBankService, PlacesRepository, PlacesService];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
    for (const cls of [SmartRequestsRepository, BtsConnections, SmartRequestsService] as (new (...args: never[]) => unknown)[]) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [
    numberBankController(container.get(NumberBankService)), zonesController(container.get(NumberBankService)),
    smartRequestsController(container.get(SmartRequestsService)),
    placesController(container.get(PlacesService)), publicPlacesController(container.get(PlacesService)), mapController(container.get(PlacesService)),
  ],
  async onStart(container) {
    // Imports run where jobs run (role all or worker); a web-only process only queues them.
    if (container.get<AppConfig>(TYPES.Config).role !== 'web') await container.get(NumberBankImporter).start();
  },
  jobs(container) {
    const importer = container.get(NumberBankImporter);
    const smart = container.get(SmartRequestsService);
    return [
      { name: 'targeting.resume-stuck-imports', schedule: '40 * * * * *', scope: 'global', run: () => importer.resumeStuck() },
      // Smart requests (CONTEXT.md "Smart requests"): delayed or left-queued submits, and polls / time-outs of submitted ones.
      { name: 'targeting.smart-submit', schedule: '*/15 * * * * *', scope: 'global', run: () => smart.submitDue() },
      { name: 'targeting.smart-poll', schedule: '5,35 * * * * *', scope: 'global', run: () => smart.pollStale() },
    ];
  },
  async onStop(container) {
    await container.get(NumberBankImporter).stop();
    await container.get(SmartRequestsService).stop();
  },
};
