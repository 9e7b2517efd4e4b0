import { expect } from 'chai';
import type { ApiResponse } from './api-client.js';

/** The call succeeded (200, isSucceed): its data. */
export const ok = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  expect(res.body.isSucceed).to.equal(true);
  return res.body.data;
};

/** The call failed with this status (and, when given, a validation error on this field): its body. */
export const bad = (res: ApiResponse, status: number, propertyName?: string) => {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.isSucceed).to.equal(false);
  if (propertyName !== undefined) expect(res.body.validationErrors?.map((v: { propertyName: string }) => v.propertyName), JSON.stringify(res.body)).to.include(propertyName);
  return res.body;
};
