import { endpoint } from '../../shared/api/endpoint';
import type { BankCount, RegionalCalculation, Zone } from '../../../../server/shared/targeting/number-bank.answers';
import type { CreatedSendAnswer } from '../../../../server/shared/sends/sends.answers';

/** Shapes of the regional send (server module targeting: `ScheduledMessages/*Regional*`, `NumberBank/Count`, `Zones/GetTree`). */
export type { BankCount, RegionalCalculation, Zone };

export interface RegionalBody {
  senderNumberId?: number;
  smsBody: string;
  zoneIds: number[];
  simType?: 'All' | 'Credits' | 'Permanent';
  mobileOperators?: ('MCI' | 'Irancell' | 'Rightel' | 'Other')[];
  genderType?: 'All' | 'Man' | 'Woman';
  guildName?: string;
  zipCodePrefix?: string;
  count?: number | null;
  percentage?: number | null;
  grayListExpireHour?: number | null;
  sendId?: string;
}

export const regionalApi = {
  zones: endpoint.get<{ items: Zone[] }>('/Zones/GetTree'),
  count: endpoint.post<Omit<RegionalBody, 'senderNumberId' | 'smsBody' | 'count' | 'percentage' | 'grayListExpireHour' | 'sendId'>, BankCount>('/NumberBank/Count'),
  preview: endpoint.post<RegionalBody, RegionalCalculation>('/ScheduledMessages/GetRegionalScheduledMessageCalculations'),
  create: endpoint.post<RegionalBody, CreatedSendAnswer>('/ScheduledMessages/CreateRegionalScheduledMessage'),
};
