import type { Response } from 'express';

export interface Envelope {
  isSucceed: boolean;
  data?: unknown;
  message?: string;
  validationErrors?: { propertyName: string; message: string }[];
}

export function sendEnvelope(res: Response, status: number, envelope: Envelope): void {
  res.status(status).json(envelope);
}

/** The shape every GetAll answers. */
export interface Page<T> {
  items: T[];
  totalCount: number;
}
