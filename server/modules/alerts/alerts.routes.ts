import { userRoute, type Controller } from '../../platform/http/router.js';
import type { AlertSettingsService } from './alert-settings.service.js';
import { saveAlertSettingsSchema } from './alerts.schemas.js';
import { alertSettingsAnswer } from '../../shared/alerts/alerts.answers.js';

export function alertsController(service: AlertSettingsService): Controller {
  return {
    name: 'AlertSettings',
    routes: [
      userRoute({ method: 'GET', action: 'Get', answer: alertSettingsAnswer, handler: ({ ctx }) => service.get(ctx) }),
      userRoute({ method: 'POST', action: 'Save', body: saveAlertSettingsSchema, answer: alertSettingsAnswer, handler: ({ ctx, body }) => service.save(ctx, body) }),
    ],
  };
}
