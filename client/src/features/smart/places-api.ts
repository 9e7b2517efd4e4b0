import { endpoint } from '../../shared/api/endpoint';
import type { GeoArea } from '../../../../server/shared/targeting/geo-areas';
import type { Place, PlaceCategory } from '../../../../server/shared/targeting/places.answers';

export { PLACE_CATEGORIES } from '../../../../server/shared/targeting/places.answers';
export type { Place, PlaceCategory };

/** What `Places/Create` and `PublicPlaces/Create` take (Update adds `id`; public places a category). */
export interface PlaceInput {
  name: string;
  coordinates: GeoArea;
  cityName?: string | null;
  provinceName?: string | null;
  parentName?: string | null;
  isActive?: boolean;
  category?: PlaceCategory;
}

/** `Places/*` (the caller's own) and `PublicPlaces/*` (everyone reads; system administrators write). Server module targeting. */
export const placesApi = {
  mine: endpoint.get<Place[], { isActive?: string }>('/Places/GetAll'),
  createMine: endpoint.post<PlaceInput, Place>('/Places/Create'),
  updateMine: endpoint.post<PlaceInput & { id: number }, Place>('/Places/Update'),
  deleteMine: endpoint.deleteById<null>('/Places/Delete'),
  public: endpoint.get<Place[], { category?: string }>('/PublicPlaces/GetAll'),
  createPublic: endpoint.post<PlaceInput, Place>('/PublicPlaces/Create'),
  updatePublic: endpoint.post<PlaceInput & { id: number }, Place>('/PublicPlaces/Update'),
  deletePublic: endpoint.deleteById<null>('/PublicPlaces/Delete'),
};

export const placesKeys = {
  mine: () => ['places-mine'] as const,
  public: (category: string) => ['places-public', category] as const,
};
