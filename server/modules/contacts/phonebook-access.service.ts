import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import type { Tx } from '../../platform/unit-of-work.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { PhonebooksRepository, type PhonebookView } from './phonebooks.repository.js';
import { phonebookAccess, reachableParents, viewerOf, type PhonebookAccess, type PhonebookViewer } from './phonebook-access.js';

export interface OpenPhonebook {
  phonebook: PhonebookView;
  access: PhonebookAccess;
}

/** A phonebook as its lists and pages show it: the row, its organization and owner, and what the caller may do with it. */
export function publicPhonebook({ phonebook: p, access }: OpenPhonebook) {
  const { organizationPath: _path, ...row } = p;
  return {
    ...row,
    canManage: access.canManage,
    canSeeContacts: access.canSeeContacts,
    numbersHidden: access.numbersHidden,
    fromParent: access.fromParent,
  };
}

/**
 * Opens phonebooks for a caller by the rules of phonebook-access.ts: one place answers "not found"
 * (invisible), "read only" and "contacts hidden", so every route refuses alike.
 */
@injectable()
export class PhonebookAccessService {
  constructor(@inject(PhonebooksRepository) private readonly repo: PhonebooksRepository) {}

  async viewer(ctx: Actor, tx?: Tx): Promise<PhonebookViewer> {
    return viewerOf(ctx, reachableParents(ctx.tenant.path, await this.repo.pathFlags(ctx.tenant.path, tx)));
  }

  /** A visible phonebook, else 404; `lock` takes its row (changes of it or its contacts). */
  async open(ctx: Actor, id: number, tx?: Tx, lock = false): Promise<OpenPhonebook> {
    const [viewer, phonebook] = tx
      ? [await this.viewer(ctx, tx), await this.repo.find(id, tx, lock)]
      : await Promise.all([this.viewer(ctx), this.repo.find(id)]);
    const access = phonebook ? phonebookAccess(phonebook, viewer) : null;
    if (!phonebook || !access?.visible) throw notFound('contacts.phonebookNotFound');
    return { phonebook, access };
  }

  /** A phonebook the caller may change, locked in `tx`; visible but not theirs to change: 403. */
  async forChange(ctx: Actor, id: number, tx: Tx): Promise<OpenPhonebook> {
    const open = await this.open(ctx, id, tx, true);
    if (!open.access.canManage) throw forbidden('contacts.phonebookReadOnly');
    return open;
  }

  /** A phonebook whose contacts the caller may read; visible without that right: 403. */
  async forReading(ctx: Actor, id: number, tx?: Tx): Promise<OpenPhonebook> {
    const open = await this.open(ctx, id, tx);
    if (!open.access.canSeeContacts) throw forbidden('contacts.contactsHidden');
    return open;
  }
}
