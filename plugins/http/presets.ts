/**
 * Starting points for well-known Iranian SMS APIs, written from their public documentation. They
 * are examples: verify each against the provider's current docs before relying on it (README.md).
 * A preset is a complete option set without credentials; the panel offers them through the options
 * schema's root `examples`, and choosing one fills the form. The plugin never merges a preset at
 * run time: what is stored is what is sent.
 */

/** Kavenegar: one text to up to 200 numbers per GET, ids in `entries[]` in the order of the numbers. */
const kavenegar = {
  preset: 'kavenegar',
  request: {
    method: 'GET',
    url: 'https://api.kavenegar.com/v1/{apiKey}/sms/send.json',
    headers: {},
    bodyType: 'query',
    body: { receptor: '{toList}', sender: '{from}', message: '{text}' },
  },
  response: {
    successPath: 'return.status',
    successValues: [200],
    idPath: 'entries[*].messageid',
    errorCodePath: 'return.status',
    errorTextPath: 'return.message',
    refusedCodes: ['400', '402', '406', '414', '417', '419', '422', '501'],
    retryCodes: ['409', '451'],
    codeMap: {
      '401': 'AccessDenied',
      '403': 'InvalidCredentials',
      '404': 'InvalidMethod',
      '405': 'InvalidMethod',
      '407': 'AccessDenied',
      '411': 'InvalidRecipient',
      '412': 'InvalidSender',
      '413': 'TextIsEmpty',
      '416': 'AccessDenied',
      '418': 'NotEnoughBalance',
      '420': 'Filtered',
    },
  },
  batchSize: 100,
  maxPerSecond: 50,
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
  // Kavenegar can also push each report (form fields messageid, status) to a URL set in its panel.
  webhook: {
    idPath: 'messageid',
    statusPath: 'status',
    statusMap: { '1': 'pending', '2': 'pending', '4': 'pending', '5': 'pending', '6': 'undelivered', '10': 'delivered', '11': 'undelivered', '13': 'rejected', '14': 'rejected' },
  },
};

/** sms.ir (API v1): bulk JSON send of one text to many numbers, ids in `data.messageIds`. */
const smsIr = {
  preset: 'sms-ir',
  request: {
    method: 'POST',
    url: 'https://api.sms.ir/v1/send/bulk',
    headers: { 'x-api-key': '{apiKey}', accept: 'application/json' },
    bodyType: 'json',
    body: { lineNumber: '{from|number}', messageText: '{text}', mobiles: '{toList}' },
  },
  response: {
    successPath: 'status',
    successValues: [1],
    idPath: 'data.messageIds',
    errorCodePath: 'status',
    errorTextPath: 'message',
    refusedCodes: ['105', '106', '111', '112', '113'],
    retryCodes: ['0', '20'],
    codeMap: {
      '10': 'InvalidCredentials',
      '11': 'AccessDenied',
      '12': 'AccessDenied',
      '13': 'AccessDenied',
      '14': 'AccessDenied',
      '101': 'InvalidSender',
      '102': 'NotEnoughBalance',
      '103': 'TextIsEmpty',
      '104': 'InvalidRecipient',
    },
  },
  batchSize: 100,
  maxPerSecond: 30,
  idempotentSubmit: false,
  timeoutMs: 15_000,
  recipientFormat: 'zero',
  reports: 'poll',
  poll: {
    request: { method: 'GET', url: 'https://api.sms.ir/v1/send/{providerId}', headers: { 'x-api-key': '{apiKey}', accept: 'application/json' }, bodyType: 'none' },
    response: {
      itemsPath: 'data',
      idPath: 'messageId',
      statusPath: 'deliveryState',
      statusMap: { '1': 'delivered', '2': 'undelivered', '3': 'pending', '4': 'undelivered', '5': 'pending', '6': 'rejected', '7': 'rejected' },
    },
    batchSize: 1,
    pollIntervalMs: 60_000,
  },
};

/** IPPanel (api2, "webservice/single"): one JSON request per message; reports are not mapped here. */
const ippanel = {
  preset: 'ippanel',
  request: {
    method: 'POST',
    url: 'https://api2.ippanel.com/api/v1/sms/send/webservice/single',
    headers: { apikey: '{apiKey}', accept: 'application/json' },
    bodyType: 'json',
    body: { recipient: ['{to}'], sender: '{from}', message: '{text}' },
  },
  response: {
    successPath: 'meta.status',
    successValues: [true],
    idPath: 'data.message_id',
    errorCodePath: 'meta.message_code',
    errorTextPath: 'meta.message',
    refusedCodes: [],
    retryCodes: [],
    codeMap: {},
  },
  batchSize: 1,
  maxPerSecond: 20,
  idempotentSubmit: false,
  timeoutMs: 15_000,
  recipientFormat: 'plus',
  reports: 'none',
};

export const HTTP_PRESETS: readonly Record<string, unknown>[] = [kavenegar, smsIr, ippanel];
export const HTTP_PRESET_NAMES: readonly string[] = HTTP_PRESETS.map((p) => p.preset as string);
