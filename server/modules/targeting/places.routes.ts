import { idParamSchema, userRoute, type Controller } from '../../platform/http/router.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import { mapSettingsAnswer, placeAnswer, placesAnswer } from '../../shared/targeting/places.answers.js';
import type { PlacesService } from './places.service.js';
import { createPlaceSchema, createPublicPlaceSchema, placesQuery, publicPlacesQuery, updatePlaceSchema, updatePublicPlaceSchema } from './places.schemas.js';

/** The claim of the map pages: drawing places is part of the smart send (the spec's SmartSms menu). */
export const PLACES_CLAIM = 'Sending.Smart';

/** `Places/*`: the caller's own personal places. */
export function placesController(s: PlacesService): Controller {
  const claim = PLACES_CLAIM;
  return {
    name: 'Places',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim, query: placesQuery, answer: placesAnswer, handler: ({ ctx, query }) => s.list(ctx, false, query) }),
      userRoute({ method: 'POST', action: 'Create', claim, body: createPlaceSchema, answer: placeAnswer, handler: ({ ctx, body }) => s.create(ctx, false, body) }),
      userRoute({ method: 'POST', action: 'Update', claim, body: updatePlaceSchema, answer: placeAnswer, handler: ({ ctx, body }) => s.update(ctx, false, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, false, params.id) }),
    ],
  };
}

/** `PublicPlaces/*`: read by every signed-in user; written by system administrators only (the service refuses others, 403). */
export function publicPlacesController(s: PlacesService): Controller {
  return {
    name: 'PublicPlaces',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', query: publicPlacesQuery, answer: placesAnswer, handler: ({ ctx, query }) => s.list(ctx, true, query) }),
      userRoute({ method: 'POST', action: 'Create', body: createPublicPlaceSchema, answer: placeAnswer, handler: ({ ctx, body }) => s.create(ctx, true, body) }),
      userRoute({ method: 'POST', action: 'Update', body: updatePublicPlaceSchema, answer: placeAnswer, handler: ({ ctx, body }) => s.update(ctx, true, body) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, true, params.id) }),
    ],
  };
}

/** `Map/GetSettings`: the tile URL (main setting `MapTileUrl`) and the area limit, for any signed-in user. */
export function mapController(s: PlacesService): Controller {
  return {
    name: 'Map',
    routes: [userRoute({ method: 'GET', action: 'GetSettings', answer: mapSettingsAnswer, handler: () => s.mapSettings() })],
  };
}
