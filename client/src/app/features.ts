import type { FeatureManifest } from '../shared/app/feature-manifest';
import { accountFeature } from '../features/account/account.feature';
import { adminCommonFeature } from '../features/admin-common/admin-common.feature';
import { auditsFeature } from '../features/audits/audits.feature';
import { blacklistFeature } from '../features/blacklist/blacklist.feature';
import { contactsFeature } from '../features/contacts/contacts.feature';
import { developerFeature } from '../features/developer/developer.feature';
import { dashboardFeature } from '../features/dashboard/dashboard.feature';
import { financialFeature } from '../features/financial/financial.feature';
import { impersonationFeature } from '../features/impersonation/impersonation.feature';
import { inboxFeature } from '../features/inbox/inbox.feature';
import { textParsersFeature } from '../features/text-parsers/text-parsers.feature';
import { linesFeature } from '../features/lines/lines.feature';
import { occasionsFeature } from '../features/occasions/occasions.feature';
import { organizationsFeature } from '../features/organizations/organizations.feature';
import { outboxFeature } from '../features/outbox/outbox.feature';
import { p2pFeature } from '../features/p2p/p2p.feature';
import { patternsFeature } from '../features/patterns/patterns.feature';
import { dynamicTemplatesFeature } from '../features/dynamic-templates/dynamic-templates.feature';
import { rolesFeature } from '../features/roles/roles.feature';
import { safeListsFeature } from '../features/safe-lists/safe-lists.feature';
import { sendQueueFeature } from '../features/send-queue/send-queue.feature';
import { sendingFeature } from '../features/sending/sending.feature';
import { usersFeature } from '../features/users/users.feature';
import { voiceFeature } from '../features/voice/voice.feature';
import { pollsFeature } from '../features/polls/polls.feature';
import { alertsFeature } from '../features/alerts/alerts.feature';
import { newsFeature } from '../features/news/news.feature';
import { documentsFeature } from '../features/documents/documents.feature';
import { numberBankFeature } from '../features/number-bank/number-bank.feature';
import { smartFeature } from '../features/smart/smart.feature';
import { regionalFeature } from '../features/regional/regional.feature';
import { numberPurchaseFeature } from '../features/number-purchase/number-purchase.feature';
import { rfmFeature } from '../features/rfm/rfm.feature';
import { mainSettingsFeature } from '../features/main-settings/main-settings.feature';
import { resellerFeature } from '../features/reseller/reseller.feature';
import { reportsFeature } from '../features/reports/reports.feature';
import { landingPagesFeature } from '../features/landing-pages/landing-pages.feature';
import { surveysFeature } from '../features/surveys/surveys.feature';
import { clubFeature } from '../features/club/club.feature';
import { formsFeature } from '../features/forms/forms.feature';
import { assistantFeature } from '../features/assistant/assistant.feature';
import { shortLinksFeature } from '../features/short-links/short-links.feature';
import { placeholderSections } from './pages/placeholder-sections';

/**
 * Every feature of the panel. Routes, menu entries and texts come from these manifests; the order
 * here changes nothing (menu order is each entry's section and `order`, routes are ranked by path).
 */
export const FEATURES: FeatureManifest[] = [
  accountFeature, adminCommonFeature, dashboardFeature, linesFeature, organizationsFeature, usersFeature, rolesFeature,
  impersonationFeature, auditsFeature, sendingFeature, sendQueueFeature, outboxFeature, inboxFeature, financialFeature,
  blacklistFeature, voiceFeature, developerFeature, contactsFeature, p2pFeature, patternsFeature, dynamicTemplatesFeature, occasionsFeature, pollsFeature, alertsFeature, newsFeature, safeListsFeature, textParsersFeature, documentsFeature, numberBankFeature, regionalFeature, smartFeature, numberPurchaseFeature, rfmFeature, mainSettingsFeature, resellerFeature, reportsFeature, landingPagesFeature, surveysFeature, clubFeature, formsFeature, assistantFeature, shortLinksFeature, placeholderSections,
];
