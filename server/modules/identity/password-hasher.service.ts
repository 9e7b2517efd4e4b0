import { injectable } from 'inversify';
import { hashPassword, verifyPassword } from './passwords.js';

/**
 * scrypt behind an injectable seam, so sign-in's one costly step can be observed and held in
 * tests (the sign-in limits must refuse before it). scrypt itself runs on libuv's threadpool.
 */
@injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hashPassword(password);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }
}
