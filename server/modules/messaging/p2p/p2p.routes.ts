import { uploadFromRequest } from '../../../platform/upload/request-upload.js';
import { publicRoute, userRoute, type Controller } from '../../../platform/http/router.js';
import { P2PSendService } from './p2p-send.service.js';
import { p2pSendSchema, p2pUploadQuery } from './p2p.schemas.js';
import { p2pCalculationAnswer, p2pFileAnswer, p2pSendAnswer } from '../../../shared/sends/p2p.answers.js';

/** P2P sends from an uploaded file (claim Sending.Bulk): the upload, the two sends and their previews. */
export function p2pController(p2p: P2PSendService): Controller {
  return {
    name: 'ScheduledMessages',
    routes: [
      // The template file the P2P page offers: a link the browser follows itself (no session), and it
      // holds nobody's data. A file, not an envelope: no answer schema.
      publicRoute({ method: 'GET', action: 'P2PTemplate', auth: 'public', handler: async ({ ctx }) => p2p.template(ctx.culture) }),
      userRoute({
        // The body is the file itself (xlsx or CSV), handed to the upload intake as a stream. A refusal
        // before the whole file arrived closes the connection (the error handler: the rest is never read).
        method: 'POST', action: 'UploadP2PFile', query: p2pUploadQuery, answer: p2pFileAnswer, claim: 'Sending.Bulk', rawBody: true, successMessage: '',
        handler: async ({ ctx, query, req }) => p2p.upload(ctx, uploadFromRequest(req, query.fileName)),
      }),
      userRoute({ method: 'POST', action: 'CreateP2PScheduledMessage', body: p2pSendSchema, answer: p2pSendAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => p2p.create(ctx, body, false) }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByP2P', body: p2pSendSchema, answer: p2pCalculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => p2p.calculate(ctx, body, false),
      }),
      userRoute({ method: 'POST', action: 'CreateTrackingNumberP2PScheduledMessage', body: p2pSendSchema, answer: p2pSendAnswer, claim: 'Sending.Bulk', handler: async ({ ctx, body }) => p2p.create(ctx, body, true) }),
      userRoute({
        method: 'POST', action: 'GetScheduledMessageCalculationsByTrackingNumberP2P', body: p2pSendSchema, answer: p2pCalculationAnswer, claim: 'Sending.Bulk', successMessage: '',
        handler: async ({ ctx, body }) => p2p.calculate(ctx, body, true),
      }),
    ],
  };
}
