import type { Migration } from '../server/platform/migration.js';
import { organizationsIdentity } from './20261122-0001-organizations-identity.js';
import { platformJobs } from './20261122-0002-platform-jobs.js';
import { billingLedger } from './20261122-0003-billing-ledger.js';
import { notificationsTable } from './20261122-0004-notifications.js';
import { billingPackagesDiscounts } from './20261122-0005-billing-packages-discounts.js';
import { billingGatewaysPlans } from './20261122-0006-billing-gateways-plans.js';
import { billingInvoices } from './20261122-0007-billing-invoices.js';
import { numbersLines } from './20261122-0008-numbers-lines.js';
import { messagingSends } from './20261122-0009-messaging-sends.js';
import { inboxMessages } from './20261122-0010-inbox.js';
import { messagingPeriodic } from './20261122-0011-messaging-periodic.js';
import { messagingEditArchive } from './20261123-0012-messaging-edit-archive.js';
import { messagingDispatchLeases } from './20261124-0013-messaging-dispatch-leases.js';
import { numbersWebhookSecret } from './20261124-0014-numbers-webhook-secret.js';
import { platformScheduledRuns } from './20261124-0015-platform-scheduled-runs.js';
import { auditChannel } from './20261124-0016-audit-channel.js';
import { mediaVoice } from './20261125-0017-media-voice.js';
import { developerApiTokens } from './20261125-0018-developer-api-tokens.js';
import { developerApiRules } from './20261125-0019-developer-api-rules.js';
import { developerWebhooks } from './20261125-0020-developer-webhooks.js';
import { developerSmppAccounts } from './20261125-0021-developer-smpp-accounts.js';
import { developerSmppParts } from './20261125-0023-developer-smpp-parts.js';
import { developerOtpFormats } from './20261125-0022-developer-otp-formats.js';
import { contactsPhonebooks } from './20261125-0024-contacts-phonebooks.js';
import { insightDashboardRollup } from './20261125-0025-insight-dashboard-rollup.js';
import { messagingReceiverTexts } from './20261125-0026-messaging-receiver-texts.js';
import { messagingResend } from './20261125-0027-messaging-resend.js';
import { contactsPhonebookFiles } from './20261125-0028-contacts-phonebook-files.js';
import { messagingOutboxSearch } from './20261125-0029-messaging-outbox-search.js';
import { messagingSendPhonebooks } from './20261125-0030-messaging-send-phonebooks.js';
import { messagingP2p } from './20261126-0031-messaging-p2p.js';
import { engageOccasions } from './20261126-0033-engage-occasions.js';
import { contactsExports } from './20261126-0034-contacts-exports.js';
import { messagingPatterns } from './20261126-0032-messaging-patterns.js';
import { platformScheduledRunDeadlines } from './20261128-0035-platform-scheduled-run-deadlines.js';
import { messagingReceiverOnWire } from './20261128-0036-messaging-receiver-on-wire.js';
import { inboxOptOuts } from './20261129-0037-inbox-opt-outs.js';
import { inboundActions } from './20261130-0040-inbound-actions.js';
import { inboundAggregatorRules } from './20261130-0046-inbound-aggregator-rules.js';
import { inboundPolls } from './20261130-0042-inbound-polls.js';
import { notificationsAlerts } from './20261201-0049-notifications-alerts.js';
import { organizationsDocuments } from './20261201-0050-organizations-documents.js';
import { organizationsCustomerDomains } from './20261201-0051-organizations-customer-domains.js';
import { organizationsSubAuthentication } from './20261201-0052-organizations-sub-authentication.js';
import { alertsPaymentAlerts } from './20261201-0053-alerts-payment-alerts.js';
import { inboundSafeLists } from './20261130-0044-inbound-safe-lists.js';
import { inboundTextParsers } from './20261130-0043-inbound-text-parsers.js';
import { inboundInboxGroups } from './20261130-0041-inbound-inbox-groups.js';
import { numbersNumberClasses } from './20261130-0045-numbers-number-classes.js';
import { insightNews } from './20261201-0048-insight-news.js';
import { targetingNumberBank } from './20261201-0057-targeting-number-bank.js';
import { customerDomainsSignUp } from './20261201-0058-customer-domains-sign-up.js';
import { targetingRegionalSends } from './20261202-0059-targeting-regional-sends.js';
import { targetingSmartRequests } from './20261202-0062-targeting-smart-requests.js';
import { targetingPlaces } from './20261202-0066-targeting-places.js';
import { targetingSmartOccurrences } from './20261202-0069-targeting-smart-occurrences.js';
import { inboundHiddenSender } from './20261202-0071-inbound-hidden-sender.js';
import { targetingPickIndex } from './20261202-0072-targeting-pick-index.js';
import { messagingSendSelections } from './20261203-0073-messaging-send-selections.js';
import { insightRfm } from './20261203-0075-insight-rfm.js';

/**
 * Every migration in order; both database backends run exactly this list. Order = the file numbers;
 * a new migration takes the next number and goes at the end. knex keys applied history on each
 * `name`, which never changes once shipped, even when a file is renamed
 * (tests/unit/migrations/migration-list.test.ts holds the shipped names).
 */
export const migrations: Migration[] = [organizationsIdentity, platformJobs, billingLedger, notificationsTable, billingPackagesDiscounts, billingGatewaysPlans, billingInvoices, numbersLines, messagingSends, inboxMessages, messagingPeriodic, messagingEditArchive, messagingDispatchLeases, numbersWebhookSecret, platformScheduledRuns, auditChannel, mediaVoice, developerApiTokens, developerApiRules, developerWebhooks, developerSmppAccounts, developerOtpFormats, developerSmppParts, contactsPhonebooks, insightDashboardRollup, messagingReceiverTexts, messagingResend, contactsPhonebookFiles, messagingOutboxSearch, messagingSendPhonebooks, messagingP2p, messagingPatterns, engageOccasions, contactsExports, platformScheduledRunDeadlines, messagingReceiverOnWire, inboxOptOuts, inboundActions, inboundInboxGroups, inboundPolls, inboundTextParsers, inboundSafeLists, numbersNumberClasses, inboundAggregatorRules, insightNews, notificationsAlerts, organizationsDocuments, organizationsCustomerDomains, organizationsSubAuthentication, alertsPaymentAlerts, targetingNumberBank, customerDomainsSignUp, targetingRegionalSends, targetingSmartRequests, targetingPlaces, targetingSmartOccurrences, inboundHiddenSender, targetingPickIndex, messagingSendSelections, insightRfm];
