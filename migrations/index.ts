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
import { platformScheduledRuns } from './20261124-0014-platform-scheduled-runs.js';
import { auditChannel } from './20261124-0016-audit-channel.js';
import { mediaVoice } from './20261125-0017-media-voice.js';
import { developerApiTokens } from './20261125-0018-developer-api-tokens.js';
import { developerApiRules } from './20261125-0019-developer-api-rules.js';
import { developerWebhooks } from './20261125-0020-developer-webhooks.js';
import { developerSmppAccounts } from './20261125-0021-developer-smpp-accounts.js';
import { developerSmppParts } from './20261125-0023-developer-smpp-parts.js';
import { developerOtpFormats } from './20261125-0022-developer-otp-formats.js';
import { contactsPhonebooks } from './20261125-0024-contacts-phonebooks.js';
import { contactsPhonebookFiles } from './20261125-0025_import-contacts-phonebook-files.js';

/** Every migration in order; both database backends run exactly this list. */
export const migrations: Migration[] = [organizationsIdentity, platformJobs, billingLedger, notificationsTable, billingPackagesDiscounts, billingGatewaysPlans, billingInvoices, numbersLines, messagingSends, inboxMessages, messagingPeriodic, messagingEditArchive, messagingDispatchLeases, numbersWebhookSecret, platformScheduledRuns, auditChannel, mediaVoice, developerApiTokens, developerApiRules, developerWebhooks, developerSmppAccounts, developerOtpFormats, developerSmppParts, contactsPhonebooks, contactsPhonebookFiles];
