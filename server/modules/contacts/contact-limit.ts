import { badRequest } from '../../platform/http/errors.js';
import type { Tx } from '../../platform/unit-of-work.js';
import type { PhonebooksRepository } from './phonebooks.repository.js';

/**
 * The organization's maximumPhoneNumber: the contacts all its phonebooks hold together (decision
 * log, 2026-12-04). Runs `add` (which inserts and keeps contactsCount exact) under the
 * organization's lock when it has a limit, then refuses the whole change if the total went past
 * it: the caller's transaction rolls the insert back. Null or 0 is no limit, as for maxPhonebook.
 */
export async function withinPhoneNumberLimit<T>(phonebooks: PhonebooksRepository, tx: Tx, organizationId: number, add: () => Promise<T>): Promise<T> {
  const limit = await phonebooks.lockPhoneNumberLimit(tx, organizationId);
  const out = await add();
  if (limit && (await phonebooks.contactsInOrganization(organizationId, tx)) > limit) {
    throw badRequest('contacts.maximumPhoneNumberReached', { limit });
  }
  return out;
}
