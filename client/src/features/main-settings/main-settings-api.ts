import { endpoint } from '../../shared/api/endpoint';
import type { MainSettingsAnswer } from '../../../../server/shared/billing/credits.answers';

export type MainSettings = MainSettingsAnswer;
/** Changed keys only: a string (numbers as digits), a flag, or null (back to the default). */
export type MainSettingsUpdate = Record<string, string | boolean | null>;

export const mainSettingsApi = {
  getAll: endpoint.get<MainSettings>('/MainSettings/GetAll'),
  update: endpoint.post<MainSettingsUpdate, MainSettings>('/MainSettings/Update'),
};

export const mainSettingsKeys = { all: () => ['main-settings'] as const };

export type SettingKind = 'text' | 'longText' | 'integer' | 'percent' | 'amount' | 'flag';

export interface SettingDefinition {
  key: string;
  kind: SettingKind;
  /** Nothing on the server reads it yet (grep over server/, 2026-12-04): the hint says so. */
  storedOnly?: boolean;
}

/** Every key of the server's MAIN_SETTING_DEFAULTS, grouped as the screen shows them. */
export const SETTING_GROUPS: { group: 'sending' | 'money' | 'queue' | 'texts' | 'network'; settings: SettingDefinition[] }[] = [
  {
    group: 'sending', settings: [
      { key: 'MaxSmsParts', kind: 'integer' },
      { key: 'MaxManualRecipients', kind: 'integer' },
      { key: 'MaxClipboardRecipients', kind: 'integer' },
      { key: 'MaxUploadRecipients', kind: 'integer' },
      { key: 'MaxUploadMegabytes', kind: 'integer' },
      { key: 'MaximumFailedTryCount', kind: 'integer' },
      { key: 'DeliveryReportTimeoutHours', kind: 'integer' },
      { key: 'DefaultNumber', kind: 'text', storedOnly: true },
    ],
  },
  {
    group: 'money', settings: [
      { key: 'Tax', kind: 'percent' },
      { key: 'ResolutionOfParliament', kind: 'amount' },
      { key: 'LowestCreditOfUser', kind: 'amount' },
      { key: 'OnlinePaymentTimeoutMinutes', kind: 'integer' },
    ],
  },
  {
    group: 'queue', settings: [
      { key: 'IsRemoteQueue', kind: 'flag', storedOnly: true },
      { key: 'RemoteQueueIp', kind: 'text', storedOnly: true },
      { key: 'AppPath', kind: 'text', storedOnly: true },
    ],
  },
  {
    group: 'texts', settings: [
      { key: 'SendSmsAlertMessage', kind: 'longText', storedOnly: true },
      { key: 'LowCreditAlertText', kind: 'longText', storedOnly: true },
      { key: 'PaymentConfirmedText', kind: 'longText', storedOnly: true },
    ],
  },
  {
    group: 'network', settings: [
      { key: 'OutboundAllowedRanges', kind: 'text' },
      { key: 'MapTileUrl', kind: 'text' },
      { key: 'IsSignUpEnabled', kind: 'flag' },
    ],
  },
];

const isFlag = (value: string | undefined) => (value ?? '').trim().toLowerCase() === 'true';

/**
 * What to send for the keys whose draft differs from what was loaded: flags as booleans (the
 * schema of IsSignUpEnabled takes only those), an emptied number as null (back to its default),
 * texts as typed (an emptied text is stored empty).
 */
export function changesOf(loaded: Record<string, string>, draft: Record<string, string>): MainSettingsUpdate {
  const out: MainSettingsUpdate = {};
  for (const { settings } of SETTING_GROUPS) {
    for (const s of settings) {
      const before = loaded[s.key] ?? '';
      const now = draft[s.key] ?? '';
      if (s.kind === 'flag') {
        if (isFlag(before) !== isFlag(now)) out[s.key] = isFlag(now);
      } else if (before !== now) {
        out[s.key] = now.trim() === '' && s.kind !== 'text' && s.kind !== 'longText' ? null : now;
      }
    }
  }
  return out;
}

export { isFlag };
