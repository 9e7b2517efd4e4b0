import { expect } from 'chai';
import { introShownAt } from '../../../client/src/app/pages/intro-splash.js';

describe('client: the intro splash', () => {
  it('is hidden on entry to the documentation viewer (documentation and documentation/**) and shown elsewhere', () => {
    for (const path of ['/documentation', '/documentation/', '/documentation/sending', '/documentation/api/x']) expect(introShownAt(path), path).to.equal(false);
    for (const path of ['/', '/account/login', '/documentations', '/developer/api-docs', '/x/documentation']) expect(introShownAt(path), path).to.equal(true);
  });
});
