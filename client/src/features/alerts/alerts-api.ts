import { endpoint } from '../../shared/api/endpoint';
import type { AlertSettingsAnswer } from '../../../../server/shared/alerts/alerts.answers';

/** Shapes of `AlertSettings/*`: the server's answer contract (module alerts). */
export type AlertSettings = AlertSettingsAnswer;
export type AlertSetting = AlertSettingsAnswer['alerts'][number];

export const alertsApi = {
  get: endpoint.get<AlertSettings>('/AlertSettings/Get'),
  save: endpoint.post<{ notification: AlertSettings['notification']; alerts: AlertSetting[] }, AlertSettings>('/AlertSettings/Save'),
};

export const ALERTS_PATH = '/settings/alerts';
