import { endpoint } from '../../shared/api/endpoint';
import type {
  BuyRequestAnswer, BuyRequestsPage, FreeNumberAnswer, NumberPriceAnswer, TransferAnswer, TransfersPage,
} from '../../../../server/shared/lines/number-purchase.answers';

/** Shapes of number purchase and transfer: the server's answer contracts (server/shared/lines/number-purchase.answers.ts). */
export type FreeNumber = FreeNumberAnswer;
export type BuyRequest = BuyRequestAnswer;
export type NumberPrice = NumberPriceAnswer;
export type Transfer = TransferAnswer;

export interface PayInput { id?: number; privateNumberId?: number; termsAccepted: boolean; isAllowedSendLink?: boolean; isService?: boolean }

export const numberPurchaseApi = {
  search: endpoint.get<{ items: FreeNumber[] }, { pattern?: string; numberOfDigits?: number; isRound?: boolean }>('/BuyRequests/SearchFreeNumbers'),
  reserve: endpoint.post<{ privateNumberId: number; isAllowedSendLink?: boolean; isService?: boolean }, BuyRequest>('/BuyRequests/Reserve'),
  pay: endpoint.post<PayInput, BuyRequest>('/BuyRequests/Pay'),
  cancel: endpoint.postById<BuyRequest>('/BuyRequests/Cancel'),
  list: endpoint.get<BuyRequestsPage, { pageIndex: number; pageSize: number; stage?: string; status?: string }>('/BuyRequests/GetAll'),
  confirm: endpoint.postById<BuyRequest>('/BuyRequests/Confirm'),
  prices: endpoint.get<{ items: NumberPrice[] }>('/NumberPrices/GetAll'),
  savePrice: endpoint.post<{ isRound: boolean; numberOfDigits: number; reservationPeriod: number; numberPrice: string }, NumberPrice>('/NumberPrices/Save'),
  deletePrice: endpoint.deleteById<null>('/NumberPrices/Delete'),
  transfer: endpoint.post<{ privateNumberId: number; preOwner: number; newOwner: number; price?: string | null }, Transfer>('/PrivateNumberTransfers/Create'),
  transfers: endpoint.get<TransfersPage, { pageIndex: number; pageSize: number; privateNumberId?: number }>('/PrivateNumberTransfers/GetAll'),
};

export const numberPurchaseKeys = {
  search: (pattern: string, digits: string, round: string) => ['free-numbers', pattern, digits, round] as const,
  requests: (scope: string, pageIndex: number, pageSize: number) => ['buy-requests', scope, pageIndex, pageSize] as const,
  prices: ['number-prices'] as const,
  transfers: (privateNumberId: string, pageIndex: number, pageSize: number) => ['number-transfers', privateNumberId, pageIndex, pageSize] as const,
};
