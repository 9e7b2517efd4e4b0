import { inject, injectable } from 'inversify';
import { TYPES } from '../../platform/tokens.js';
import type { AppConfig } from '../../platform/config.js';
import { hashPassword, unmatchableHash, verifyPassword } from './passwords.js';

/**
 * scrypt behind an injectable seam, so sign-in's one costly step can be observed and held in
 * tests (the sign-in limits must refuse before it). scrypt itself runs on libuv's threadpool.
 * New hashes take the configured cost (`auth.passwordHashCost`); a stored hash is verified at the
 * cost written in it.
 */
@injectable()
export class PasswordHasher {
  /** Verified against when the user name is unknown: the same cost keeps the answer time the same. */
  readonly unknownUserHash: string;

  constructor(@inject(TYPES.Config) private readonly config: AppConfig) {
    this.unknownUserHash = unmatchableHash(config.auth.passwordHashCost);
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.config.auth.passwordHashCost);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }
}
