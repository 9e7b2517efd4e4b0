import type { Request } from 'express';
import type { UploadSource } from './upload-intake.service.js';

/**
 * The route's half of an upload: the request body as the intake's stream and what the sender
 * declared (length, name, content type). Services never see the request; this is the one place an
 * upload touches Express. The route must be `rawBody: true` (the router reads no body).
 */
export function uploadFromRequest(req: Request, fileName?: string | null): UploadSource {
  const header = req.headers['content-length'];
  const declared = Number(header);
  const type = req.headers['content-type'];
  return {
    stream: req,
    declaredBytes: header !== undefined && Number.isFinite(declared) ? declared : null,
    fileName: fileName ?? null,
    declaredType: typeof type === 'string' ? type : null,
  };
}
