import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import { brandImageUrl } from '../../shared/app/branding';
import type {
  LandingAddressAnswer, LandingBlock, LandingImageAnswer, LandingLanguage, LandingPageAnswer, LandingPagesPage, LandingTheme,
  LandingVisitsAnswer, PublicLandingPageAnswer,
} from '../../../../server/shared/engage/landing-pages.answers';

export {
  LANDING_BLOCK_TYPES, LANDING_IMAGE_MAX_BYTES, LANDING_LANGUAGES, LANDING_NAME_PATTERN, LANDING_THEMES, MAX_LANDING_BLOCKS,
} from '../../../../server/shared/engage/landing-pages.answers';
export type {
  LandingBlock, LandingBlockType, LandingLanguage, LandingPageAnswer, LandingPageListItem, LandingTheme, PublicLandingBlock, PublicLandingPageAnswer,
} from '../../../../server/shared/engage/landing-pages.answers';

/** What the builder sends (`Create`; `Update` adds the id). */
export interface LandingPageInput {
  title: string;
  slug: string;
  language: LandingLanguage;
  theme: LandingTheme;
  blocks: LandingBlock[];
}

export const landingPagesApi = {
  list: endpoint.get<LandingPagesPage, { pageIndex: number; pageSize: number; search?: string }>('/LandingPages/GetAll'),
  get: endpoint.getById<LandingPageAnswer>('/LandingPages/Get'),
  create: endpoint.post<LandingPageInput, LandingPageAnswer>('/LandingPages/Create'),
  update: endpoint.post<LandingPageInput & { id: number }, LandingPageAnswer>('/LandingPages/Update'),
  changeStatus: endpoint.post<{ id: number; isPublished: boolean }, LandingPageAnswer>('/LandingPages/ChangeStatus'),
  delete: endpoint.deleteById<{ id: number }>('/LandingPages/Delete'),
  visits: endpoint.getByIdWith<LandingVisitsAnswer, { days: number }>('/LandingPages/GetVisits'),
  address: endpoint.get<LandingAddressAnswer>('/LandingPages/GetAddress'),
  setAddress: endpoint.post<{ organizationName: string }, LandingAddressAnswer>('/LandingPages/SetAddress'),
};

/** The public page (no sign-in; its 404 is silent in the error catalogue): by slug, or the organization's first. */
export function getPublicLandingPage(api: ApiClient, organizationName: string, slug: string | undefined): Promise<PublicLandingPageAnswer> {
  const path = ['/LandingPages/GetOrganizationLandingPage', encodeURIComponent(organizationName), ...(slug ? [encodeURIComponent(slug)] : [])].join('/');
  return api.get<PublicLandingPageAnswer>(path);
}

export function uploadLandingImage(api: ApiClient, file: File, onProgress: (percent: number) => void): Promise<LandingImageAnswer> {
  return api.post<LandingImageAnswer>('/LandingPages/UploadImage', file, {
    query: { fileName: file.name }, rawContentType: file.type || 'application/octet-stream', quiet: true,
    onUploadProgress: (loaded, total) => onProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
  });
}

/** An image block's address in the browser (the API path under the API root). */
export const landingImageUrl = (apiRoot: string, key: string): string => brandImageUrl(apiRoot, `LandingPages/Image/${key}`);

export const LANDING_PAGES_PATH = '/services/landing-pages';
export const landingPagePath = (id: number | 'new') => `${LANDING_PAGES_PATH}/${id}`;

/** The feature's SWR keys; a save revalidates every key of the feature by `isLandingKey`. */
export const landingPagesKeys = {
  list: (pageIndex: number, pageSize: number, search: string) => ['landing-pages', pageIndex, pageSize, search] as const,
  one: (id: number) => ['landing-page', id] as const,
  visits: (id: number, days: number) => ['landing-page-visits', id, days] as const,
  address: () => ['landing-page-address'] as const,
  isLandingKey: (key: unknown) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith('landing-page'),
};
