import { NAME_FORMAT } from '../../../platform/http/validation.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/**
 * `CreateP2PScheduledMessage`, `CreateTrackingNumberP2PScheduledMessage` and their previews: the
 * uploaded file (`uploadId`, from `UploadP2PFile`), an optional template (`smsBody`; required for
 * the tracking-number send), the spec's `p2PIsSendDuplicateNumber`, and the Send settings fields.
 * Direct or gradual; a periodic P2P send is not offered (its file is used once).
 */
export const p2pSendSchema = {
  type: 'object', additionalProperties: false, required: ['senderNumberId', 'uploadId'],
  properties: {
    senderNumberId: id,
    uploadId: { type: 'string', maxLength: 36 },
    smsBody: { type: ['string', 'null'], maxLength: 5000 },
    p2PIsSendDuplicateNumber: { type: 'boolean', default: false },
    isFlashSms: { type: 'boolean', default: false },
    sendDirect: { type: 'boolean', default: true },
    sendDateTime: { type: ['string', 'null'], format: 'date-time' },
    sendId: { type: ['string', 'null'], maxLength: 100 },
    description: { type: ['string', 'null'], maxLength: 500 },
    typeSend: { type: 'string', enum: ['direct', 'gradual'], default: 'direct' },
    gradualStepCount: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
    gradualIntervalMinutes: { type: ['integer', 'null'], minimum: 1, maximum: 10_080 },
  },
} as const;

/** `UploadP2PFile?fileName=`: the body is the file itself (xlsx or CSV). */
export const p2pUploadQuery = {
  type: 'object', additionalProperties: false, properties: { fileName: { type: 'string', maxLength: 200, format: NAME_FORMAT } },
} as const;
