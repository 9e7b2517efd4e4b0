import { endpoint } from '../../shared/api/endpoint';
import type { BlacklistBulkAnswer, BlacklistEntryAnswer, BlacklistPage } from '../../../../server/shared/lines/blacklist.answers';
import type { OptOutAnswer, OptOutPage } from '../../../../server/shared/inbound/opt-outs.answers';

/** A number on the organization's list or the general one (`organizationId` null): the server's answer contract (module numbers). */
export type BlacklistEntry = BlacklistEntryAnswer;

export const blacklistApi = {
  list: endpoint.get<BlacklistPage, { pageIndex: number; pageSize: number }>('/BlackLists/GetAll'),
  create: endpoint.post<{ mobile: string; description?: string }, BlacklistEntryAnswer>('/BlackLists/Create'),
  createBulk: endpoint.post<{ mobiles: string[] }, BlacklistBulkAnswer>('/BlackLists/CreateBulk'),
  delete: endpoint.deleteById<null>('/BlackLists/Delete'),
};

/** A number that texted an opt-out word to a line of the organization: the server's answer contract (module inbox). */
export type OptOutEntry = OptOutAnswer;

export const optOutsApi = {
  list: endpoint.get<OptOutPage, { pageIndex: number; pageSize: number; search?: string }>('/OptOuts/GetAll'),
  delete: endpoint.deleteById<null>('/OptOuts/Delete'),
};

/** The feature's SWR keys. */
export const blacklistKeys = {
  list: (pageIndex: number, pageSize: number) => ['blacklist', pageIndex, pageSize] as const,
  optOuts: (search: string, pageIndex: number, pageSize: number) => ['opt-outs', search, pageIndex, pageSize] as const,
};
