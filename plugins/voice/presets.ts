/**
 * Starting points for voice-call APIs, written from public documentation. Examples only: verify
 * against the provider's current docs (README.md). Offered through the options schema's root
 * `examples`; never merged at run time.
 */

/** Kavenegar text-to-speech call: speaks `{voiceText}`; a message that has only an audio URL is refused by the provider. */
const kavenegarTts = {
  preset: 'kavenegar-tts',
  request: {
    method: 'GET',
    url: 'https://api.kavenegar.com/v1/{apiKey}/call/maketts.json',
    headers: {},
    bodyType: 'query',
    body: { receptor: '{to}', message: '{voiceText}' },
  },
  response: {
    successPath: 'return.status',
    successValues: [200],
    idPath: 'entries[0].messageid',
    errorCodePath: 'return.status',
    errorTextPath: 'return.message',
    refusedCodes: ['400', '402', '406', '417', '422', '428', '501'],
    retryCodes: ['409', '451'],
    codeMap: {
      '401': 'AccessDenied',
      '403': 'InvalidCredentials',
      '404': 'InvalidMethod',
      '405': 'InvalidMethod',
      '407': 'AccessDenied',
      '411': 'InvalidRecipient',
      '413': 'TextIsEmpty',
      '416': 'AccessDenied',
      '418': 'NotEnoughBalance',
    },
  },
  batchSize: 1,
  maxPerSecond: 5,
  idempotentSubmit: false,
  timeoutMs: 15_000,
  recipientFormat: 'zero',
  reports: 'poll',
  poll: {
    request: {
      method: 'GET',
      url: 'https://api.kavenegar.com/v1/{apiKey}/sms/status.json',
      headers: {},
      bodyType: 'query',
      body: { messageid: '{providerIdList}' },
    },
    response: {
      itemsPath: 'entries',
      idPath: 'messageid',
      statusPath: 'status',
      statusMap: { '1': 'pending', '2': 'pending', '4': 'pending', '5': 'pending', '6': 'undelivered', '10': 'delivered', '11': 'undelivered', '13': 'rejected', '14': 'rejected' },
    },
    batchSize: 500,
    pollIntervalMs: 60_000,
  },
};

export const VOICE_PRESETS: readonly Record<string, unknown>[] = [kavenegarTts];
export const VOICE_PRESET_NAMES: readonly string[] = VOICE_PRESETS.map((p) => p.preset as string);
