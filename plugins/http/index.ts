import { GATEWAY_API_VERSION, REFUSAL_CODES, type Gateway, type GatewayPlugin } from '../../server/gateways/gateway-sdk.js';
import { TemplateGateway, templateOptionsSchema, templateQueriesStatus, type TemplateGatewayOptions } from '../../server/gateways/http-template.js';
import { HTTP_PRESET_NAMES, HTTP_PRESETS } from './presets.js';

export const plugin: GatewayPlugin = {
  manifest: {
    name: 'http',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'sms',
    title: { fa: 'سرویس پیامک HTTP', en: 'HTTP SMS provider' },
    description: {
      fa: 'اتصال به هر وب‌سرویس پیامک بدون کدنویسی: الگوی درخواست، خواندن پاسخ و گزارش تحویل با وب‌هوک یا پرسش دوره‌ای. نمونه‌های آماده برای کاوه‌نگار، sms.ir و IPPanel.',
      en: 'Connects any HTTP SMS API without code: request template, answer mapping, delivery reports by webhook or polling. Ready examples for Kavenegar, sms.ir and IPPanel.',
    },
  },
  optionsSchema: templateOptionsSchema({ refusalCodes: REFUSAL_CODES, presetNames: HTTP_PRESET_NAMES, examples: HTTP_PRESETS, defaultMaxPerSecond: 10 }),
  create: (id, options): Gateway => new TemplateGateway(id, options as unknown as TemplateGatewayOptions, { requiresVoice: false }),
  // Only a poll request that names the provider id can answer for one message (the outbox's status request).
  queriesStatus: (options) => templateQueriesStatus(options as unknown as TemplateGatewayOptions),
};
