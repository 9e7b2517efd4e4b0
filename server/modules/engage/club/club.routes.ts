import { idParamSchema, publicRoute, userRoute, type Controller } from '../../../platform/http/router.js';
import { readRawBody } from '../../../platform/http/raw-body.js';
import { uploadFromRequest } from '../../../platform/upload/request-upload.js';
import { noAnswer } from '../../../shared/contracts/answer-schemas.js';
import { createdSendAnswer } from '../../../shared/sends/sends.answers.js';
import {
  clubDeviceAnswer, clubDevicePageAnswer, clubDeviceWithSecretAnswer, clubFileAnswer, clubFilePageAnswer, clubMemberPageAnswer, clubPhonebookDeviceAnswer, clubPurchaseAnswer,
} from '../../../shared/engage/club.answers.js';
import {
  clubDevicesQuery, clubFilesQuery, clubFileUploadQuery, clubMembersQuery, clubSendSchema, createClubDeviceSchema, phonebookDeviceSchema, rejectClubDeviceSchema, updateClubDeviceSchema,
} from './club.schemas.js';
import { CLUB_CLAIM, type ClubDevicesService } from './club-devices.service.js';
import type { ClubMembersService } from './club-members.service.js';
import type { ClubFilesService } from './club-files.service.js';
import { CLUB_WEBHOOK_BODY_LIMIT, type ClubPurchasesService } from './club-purchases.service.js';
import { CLUB_SIGNATURE_HEADER } from './club-signature.js';

/** Club devices (club requests): the owner and the managers of the slice list and edit; administrators above decide. The device's own webhook is public and signed. */
export function clubDevicesController(s: ClubDevicesService, purchases: ClubPurchasesService): Controller {
  const claim = CLUB_CLAIM;
  return {
    name: 'ClubDevices',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim, body: createClubDeviceSchema, answer: clubDeviceWithSecretAnswer, handler: ({ ctx, body }) => s.create(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetAll', claim, query: clubDevicesQuery, answer: clubDevicePageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'POST', action: 'Update', claim, body: updateClubDeviceSchema, answer: clubDeviceAnswer, handler: ({ ctx, body }) => s.update(ctx, body) }),
      userRoute({ method: 'POST', action: 'RotateSecret/:id', claim, params: idParamSchema, answer: clubDeviceWithSecretAnswer, handler: ({ ctx, params }) => s.rotateSecret(ctx, params.id) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim, params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => s.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Confirm/:id', claim, params: idParamSchema, answer: clubDeviceAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'Confirm') }),
      userRoute({ method: 'POST', action: 'Reject', claim, body: rejectClubDeviceSchema, answer: clubDeviceAnswer, handler: ({ ctx, body }) => s.decide(ctx, body.id, 'Reject', body.rejectComment ?? null) }),
      userRoute({ method: 'POST', action: 'UndoConfirm/:id', claim, params: idParamSchema, answer: clubDeviceAnswer, handler: ({ ctx, params }) => s.decide(ctx, params.id, 'UndoConfirm') }),
      userRoute({ method: 'POST', action: 'SetPhonebookDevice', claim, body: phonebookDeviceSchema, answer: clubPhonebookDeviceAnswer, handler: ({ ctx, body }) => s.setPhonebookDevice(ctx, body) }),
      publicRoute({
        // The store's device posts one purchase as JSON, signed over the raw bytes (x-peyk-signature: hex HMAC-SHA256 with the device's secret).
        method: 'POST', action: 'Webhook/:id', auth: 'public', rawBody: true, params: idParamSchema, answer: clubPurchaseAnswer, successMessage: '',
        docs: {
          summary: { en: 'A club device posts a purchase (signed)', fa: 'ثبت خرید از دستگاه باشگاه (امضاشده)' },
          description: {
            en: 'Body: {"deviceId","mobile","amount","purchaseId","timestamp" (unix seconds), "name"?, "port"?}. Header x-peyk-signature: hex HMAC-SHA256 of the raw body with the device secret. A repeated purchaseId answers the first result (repeated: true).',
            fa: 'بدنه: {"deviceId","mobile","amount","purchaseId","timestamp" (ثانیه یونیکس), "name"?, "port"?}. سرآیند x-peyk-signature: HMAC-SHA256 بدنه خام با رمز دستگاه (hex). شناسه خرید تکراری همان پاسخ نخست را می‌دهد (repeated: true).',
          },
        },
        handler: async ({ params, req }) => {
          const body = await readRawBody(req, CLUB_WEBHOOK_BODY_LIMIT);
          const header = req.headers[CLUB_SIGNATURE_HEADER];
          return purchases.receive(params.id, body, Array.isArray(header) ? header[0] : header);
        },
      }),
    ],
  };
}

/** The club's members and sends to them. */
export function clubMembersController(s: ClubMembersService): Controller {
  const claim = CLUB_CLAIM;
  return {
    name: 'ClubMembers',
    routes: [
      userRoute({ method: 'GET', action: 'GetAll', claim, query: clubMembersQuery, answer: clubMemberPageAnswer, handler: ({ ctx, query }) => s.list(ctx, { ...query, pageIndex: query.pageIndex ?? 0, pageSize: query.pageSize ?? 20 }) }),
      userRoute({ method: 'POST', action: 'Send', claim, body: clubSendSchema, answer: createdSendAnswer, handler: ({ ctx, body }) => s.send(ctx, body) }),
    ],
  };
}

/** Club files: the upload (the body is the file) and the list with progress. */
export function clubFilesController(s: ClubFilesService): Controller {
  const claim = CLUB_CLAIM;
  return {
    name: 'ClubFiles',
    routes: [
      userRoute({
        method: 'POST', action: 'Upload', claim, query: clubFileUploadQuery, rawBody: true, answer: clubFileAnswer,
        handler: ({ ctx, query, req }) => s.upload(ctx, uploadFromRequest(req, query.fileName), query.smartSmsClubTitle),
      }),
      userRoute({ method: 'GET', action: 'GetAll', claim, query: clubFilesQuery, answer: clubFilePageAnswer, handler: ({ ctx, query }) => s.list(ctx, query.pageIndex ?? 0, query.pageSize ?? 20) }),
    ],
  };
}
