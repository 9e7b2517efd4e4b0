import { GATEWAY_API_VERSION, REFUSAL_CODES, type Gateway, type GatewayPlugin } from '../../server/gateways/gateway-sdk.js';
import { TemplateGateway, templateOptionsSchema, templateQueriesStatus, type TemplateGatewayOptions } from '../../server/gateways/http-template.js';
import { VOICE_PRESET_NAMES, VOICE_PRESETS } from './presets.js';

export const plugin: GatewayPlugin = {
  manifest: {
    name: 'voice',
    version: '1.0.0',
    apiVersion: GATEWAY_API_VERSION,
    kind: 'voice',
    title: { fa: 'سرویس تماس صوتی HTTP', en: 'HTTP voice-call provider' },
    description: {
      fa: 'اتصال به هر وب‌سرویس تماس صوتی بدون کدنویسی: پخش فایل صوتی یا خواندن متن، با گزارش از راه وب‌هوک یا پرسش دوره‌ای.',
      en: 'Connects any HTTP voice-call API without code: plays an audio file or speaks a text, with reports by webhook or polling.',
    },
  },
  optionsSchema: templateOptionsSchema({ refusalCodes: REFUSAL_CODES, presetNames: VOICE_PRESET_NAMES, examples: VOICE_PRESETS, defaultMaxPerSecond: 5, voice: true }),
  create: (id, options): Gateway => new TemplateGateway(id, options as unknown as TemplateGatewayOptions, { requiresVoice: true }),
  // Only a poll request that names the provider id can answer for one message (the outbox's status request).
  queriesStatus: (options) => templateQueriesStatus(options as unknown as TemplateGatewayOptions),
};
