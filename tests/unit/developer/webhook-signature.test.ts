import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { newWebhookSecret, retryDelayMs, verifyWebhookSignature, webhookSignature } from '../../../server/modules/developer/webhook-signature.js';
import { buildRequest, inboundDeliveries } from '../../../server/modules/developer/webhook-delivery.worker.js';
import type { ClaimedDelivery } from '../../../server/modules/developer/webhooks.repository.js';
import type { InboxRow } from '../../../server/modules/inbound/index.js';

const delivery = (over: Partial<ClaimedDelivery>): ClaimedDelivery => ({
  id: 41, webhookId: 7, eventType: 'DeliveryStatus', inboxId: null, payload: { events: [{ messageId: 1 }] }, status: 'pending', attempts: 1,
  nextAttemptAt: new Date(), lastError: null, lastStatusCode: null, lastDurationMs: null, lastAttemptAt: null, createdAt: new Date(), completedAt: null,
  url: 'https://shop.example/hook', secret: 'whsec_test', tryCount: 5, webhookType: 'DeliveryStatus', ...over,
});

describe('developer: webhook signature, request and back-off', () => {
  it('signs `${timestamp}.${body}` with HMAC-SHA256 in hex, as any HMAC library computes it', () => {
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(webhookSignature('whsec_test', 1_700_000_000, '{"a":1}')).to.equal(expected);
    expect(verifyWebhookSignature('whsec_test', '1700000000', '{"a":1}', expected, 1_700_000_100)).to.equal(true);
    expect(verifyWebhookSignature('whsec_test', '1700000000', '{"a":2}', expected, 1_700_000_100)).to.equal(false);
    expect(verifyWebhookSignature('whsec_other', '1700000000', '{"a":1}', expected, 1_700_000_100)).to.equal(false);
    // Too old: a captured request cannot be replayed later.
    expect(verifyWebhookSignature('whsec_test', '1700000000', '{"a":1}', expected, 1_700_000_301)).to.equal(false);
    expect(newWebhookSecret()).to.match(/^whsec_[A-Za-z0-9_-]{43}$/).and.not.equal(newWebhookSecret());
  });

  it('POSTs reports as signed JSON; GETs inbound with To, From, Text after the URL\'s own query, signed over the whole query', () => {
    const post = buildRequest(delivery({}), 1_700_000_000, '1.0.0');
    expect(post.method).to.equal('POST');
    expect(JSON.parse(post.body!)).to.deep.equal({ deliveryId: 41, webhookId: 7, type: 'DeliveryStatus', events: [{ messageId: 1 }] });
    expect(post.headers['x-peyk-signature']).to.equal(webhookSignature('whsec_test', 1_700_000_000, post.body!));
    const get = buildRequest(delivery({ webhookType: 'Inbound', eventType: 'Inbound', url: 'https://shop.example/in?k=a%20b', payload: { to: '3000', from: '98912', text: 'سلام & bye', inboxId: 3, receivedAt: '' } }), 1_700_000_000, '1.0.0');
    expect(get.method).to.equal('GET');
    expect(get.body).to.equal(null);
    const query = get.url.slice(get.url.indexOf('?') + 1);
    expect(Object.fromEntries(new URLSearchParams(query))).to.deep.equal({ k: 'a b', To: '3000', From: '98912', Text: 'سلام & bye' });
    expect(get.headers['x-peyk-signature']).to.equal(webhookSignature('whsec_test', 1_700_000_000, query));
  });

  it('backs off exponentially with jitter, capped at an hour', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).to.equal(1000);
    expect(retryDelayMs(3, 1000, () => 0.5)).to.equal(4000);
    expect(retryDelayMs(3, 1000, () => 0)).to.equal(3000);
    expect(retryDelayMs(3, 1000, () => 1)).to.equal(5000);
    expect(retryDelayMs(30, 1000, () => 0.5)).to.equal(3_600_000);
  });

  it('an inbound message goes to the webhooks of its organization whose owner may read its line, made before it', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    const row = { id: '9', organizationId: 5, privateNumberId: 70, receiverNumber: '3000', senderMobile: '98912', smsText: 'hi', dateTimeReceive: at, createdAt: at } as unknown as InboxRow;
    const before = new Date('2026-11-25T09:00:00Z');
    const out = inboundDeliveries([row, { ...row, id: 10, organizationId: null, privateNumberId: null } as InboxRow], [
      { id: 1, organizationId: 5, createdAt: before, lineIds: null },
      { id: 2, organizationId: 5, createdAt: before, lineIds: new Set([70]) },
      { id: 3, organizationId: 5, createdAt: before, lineIds: new Set([71]) },
      { id: 4, organizationId: 6, createdAt: before, lineIds: null },
      { id: 5, organizationId: 5, createdAt: new Date('2026-11-25T11:00:00Z'), lineIds: null },
    ]);
    expect(out.map((d) => d.webhookId)).to.deep.equal([1, 2]);
    expect(out[0]).to.deep.include({ eventType: 'Inbound', inboxId: 9 });
  });
});
