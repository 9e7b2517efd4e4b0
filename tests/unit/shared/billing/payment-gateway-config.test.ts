import { expect } from 'chai';
import { gatewayConfigFields, gatewayConfigProblem, PAYMENT_GATEWAY_TYPES } from '../../../../server/shared/billing/payment-gateway-config.js';

const UUID = '0f0e0d0c-0b0a-4909-8807-060504030201';

describe('payment gateway config (one statement for the server check and the panel form)', () => {
  it('lists each provider with its fields in form order', () => {
    expect(PAYMENT_GATEWAY_TYPES).to.deep.equal(['Zarinpal', 'IDPay', 'Sandbox']);
    expect(gatewayConfigFields('IDPay').map((f) => [f.name, f.kind, f.required])).to.deep.equal([['apiKey', 'secret', true], ['sandbox', 'flag', false]]);
    expect(gatewayConfigFields('Nope')).to.deep.equal([]);
  });

  it('answers the first bad field with its message key, null when all fit', () => {
    expect(gatewayConfigProblem('Zarinpal', { merchantId: UUID })).to.equal(null);
    expect(gatewayConfigProblem('Zarinpal', { merchantId: 'short' })).to.deep.equal({ field: 'configJson.merchantId', key: 'billing.gatewayMerchantIdInvalid' });
    expect(gatewayConfigProblem('IDPay', {})).to.deep.equal({ field: 'configJson.apiKey', key: 'billing.gatewayApiKeyInvalid' });
    expect(gatewayConfigProblem('IDPay', { apiKey: UUID })).to.equal(null);
    expect(gatewayConfigProblem('IDPay', { apiKey: UUID, sandbox: 'yes' })).to.deep.equal({ field: 'configJson.sandbox', key: 'billing.gatewaySandboxFlagInvalid' });
    expect(gatewayConfigProblem('Sandbox', { secret: 'x'.repeat(15) })).to.deep.equal({ field: 'configJson.secret', key: 'billing.gatewaySecretInvalid' });
    expect(gatewayConfigProblem('Sandbox', { secret: 'x'.repeat(16) })).to.equal(null);
    expect(gatewayConfigProblem('Sandbox', { secret: 'x'.repeat(201) })).to.not.equal(null);
  });
});
