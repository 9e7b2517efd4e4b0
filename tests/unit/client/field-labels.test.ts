import { expect } from 'chai';
import { labelMessage } from '../../../client/src/features/admin-common/field-labels';

describe('field-labels: server messages name the form label, not the property', () => {
  it('replaces the property name in Persian and English messages', () => {
    expect(labelMessage('وارد کردن organizationId الزامی است.', 'organizationId', 'سازمان')).to.equal('وارد کردن سازمان الزامی است.');
    expect(labelMessage('The organizationId field is required.', 'organizationId', 'Organization')).to.equal('The Organization field is required.');
  });

  it('replaces a nested path whole, and its last segment alone', () => {
    expect(labelMessage('ranges[0].prices.mci must not be below 0.', 'ranges[0].prices.mci', 'MCI price')).to.equal('MCI price must not be below 0.');
    expect(labelMessage('mci must not be below 0.', 'ranges[0].prices.mci', 'MCI price')).to.equal('MCI price must not be below 0.');
  });

  it('leaves other words, longer names and messages without a label alone', () => {
    expect(labelMessage('The organizationIds field is required.', 'organizationId', 'Organization')).to.equal('The organizationIds field is required.');
    expect(labelMessage('parentOrganizationId is invalid.', 'organizationId', 'Organization')).to.equal('parentOrganizationId is invalid.');
    expect(labelMessage('The organizationId field is required.', 'organizationId', undefined)).to.equal('The organizationId field is required.');
  });
});
