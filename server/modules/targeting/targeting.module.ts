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

export const targetingModule: PeykModule = {
  name: 'targeting',
  messages: targetingMessages,
  register(container: Container) {
    const classes: (new (...args: never[]) => unknown)[] = [NumberBankRepository, ZonesRepository, NumberBankImporter, NumberBankService, PlacesRepository, PlacesService];
    for (const cls of classes) container.bind(cls).toSelf().inSingletonScope();
  },
  controllers: (container) => [numberBankController(container.get(NumberBankService)), zonesController(container.get(NumberBankService)),
    placesController(container.get(PlacesService)), publicPlacesController(container.get(PlacesService)), mapController(container.get(PlacesService))],
  async onStart(container) {
    // Imports run where jobs run (role all or worker); a web-only process only queues them.
    if (container.get<AppConfig>(TYPES.Config).role !== 'web') await container.get(NumberBankImporter).start();
  },
  jobs(container) {
    const importer = container.get(NumberBankImporter);
    return [{ name: 'targeting.resume-stuck-imports', schedule: '40 * * * * *', scope: 'global', run: () => importer.resumeStuck() }];
  },
  async onStop(container) {
    await container.get(NumberBankImporter).stop();
  },
};
