import type { Knex } from 'knex';

const ORG_FLAGS = [
  'isRealPerson', 'isForeigner', 'isActiveSend', 'isConfirmMessage', 'isActiveAllTime',
  'isHaveBlackListDeliveryProcess', 'isAllowLink', 'isTax', 'isAuthenticated', 'isPostpaid', 'isShowGeneralNumbers',
  'isShowGeneralAccount', 'isCanSendExtraReceivers', 'isCanSetMultipleMobileForUser', 'isCanSeePublicParentPhonebook',
  'enableSystemDefaultTag', 'isSendAlertToOrganizationAdmin', 'isSendAlertForCreateSmartSmsRequest',
  'isSendOrganizationExpirationAlertMessage', 'isSendAlertForCreateOnlinePayment', 'isSendAlertForCreatePayment',
  'enableSmartSmsFailureAlert',
];

const USER_FLAGS = [
  'isForeigner', 'isActiveSend', 'isAdmin', 'isAuthenticatedMobile', 'isAuthenticated',
  'isSendSmsDescriptionRequired', 'isCanSeeContactsOfPublicPhonebooks', 'isCanSeeContactsOfPrivatePhonebooks',
  'isCanSendSmartWithoutConfirmation', 'isCanSendVoice', 'isDefault',
];

export const organizationsIdentity = {
  name: '20261122-0001-organizations-identity',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable('roles', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable();
      t.string('title', 200).notNullable();
      t.jsonb('claims').notNullable().defaultTo('[]');
      // A template is a claim ceiling that an owner (system or reseller) assigns to organizations.
      t.boolean('isTemplate').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });

    await knex.schema.createTable('organizations', (t) => {
      t.increments('id');
      t.integer('parentId').references('id').inTable('organizations');
      t.integer('resellerId').references('id').inTable('organizations');
      // Materialized path '/1/4/9/': tenancy checks are one prefix comparison, at any depth.
      t.text('path').notNullable();
      t.integer('depth').notNullable();
      t.string('type', 20).notNullable(); // system | reseller | organization
      t.string('name', 200).notNullable();
      t.string('organName', 200);
      t.string('nationalId', 20);
      t.string('economicCode', 20);
      t.string('ceoFullName', 200);
      t.string('ceoMobile', 20);
      t.string('ceoNationalCode', 20);
      t.string('workplaceTitle', 200);
      t.string('workplacePhone', 20);
      t.string('workplaceZipCode', 20);
      t.string('workplaceAddress', 500);
      t.integer('maximumUser');
      t.integer('maxOrganization');
      t.integer('maxCustomFiled');
      t.integer('maxPhonebook');
      t.integer('maximumPhoneNumber');
      t.integer('adminUserId');
      t.bigInteger('panelPrice');
      t.string('groupPriceTitle', 200);
      t.integer('blackSenderPrivateNumberId');
      t.integer('domainId');
      t.string('sendStartTime', 5);
      t.string('sendEndTime', 5);
      t.timestamp('expireTime', { useTz: true });
      t.boolean('isActive').notNullable().defaultTo(true);
      for (const f of ORG_FLAGS) t.boolean(f).notNullable().defaultTo(false);
      t.integer('roleTemplateId').references('id').inTable('roles');
      t.boolean('isArchived').notNullable().defaultTo(false);
      t.timestamp('archivedAt', { useTz: true });
      t.integer('createdBy');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['parentId']);
    });
    await knex.raw('create index organizations_path_idx on organizations (path text_pattern_ops)');

    await knex.schema.createTable('users', (t) => {
      t.increments('id');
      t.integer('organizationId').notNullable().references('id').inTable('organizations');
      t.string('userName', 100).notNullable();
      t.text('passwordHash').notNullable();
      t.text('secondPasswordHash');
      t.string('nationalCode', 20);
      t.string('foreignerCode', 30);
      t.string('identityNumber', 30);
      t.string('firstName', 100);
      t.string('lastName', 100);
      t.string('fatherName', 100);
      t.string('email', 254);
      t.string('zipCode', 20);
      t.string('phone', 20);
      t.string('mobile', 20);
      t.string('faxNumber', 20);
      t.string('address', 500);
      t.integer('zoneId');
      t.date('birthDate');
      t.timestamp('expireDate', { useTz: true });
      t.string('descriptions', 1000);
      t.integer('roleTemplateId').references('id').inTable('roles');
      t.integer('mobileCount');
      t.boolean('isActive').notNullable().defaultTo(true);
      for (const f of USER_FLAGS) t.boolean(f).notNullable().defaultTo(false);
      t.boolean('isSuspended').notNullable().defaultTo(false);
      t.boolean('changePasswordRequired').notNullable().defaultTo(false);
      t.integer('failedLoginCount').notNullable().defaultTo(0);
      t.timestamp('lockedUntil', { useTz: true });
      t.timestamp('lastLoginAt', { useTz: true });
      t.string('lastLoginIp', 64);
      t.timestamp('passwordChangedAt', { useTz: true });
      t.integer('createdBy');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('deletedAt', { useTz: true });
      t.index(['organizationId']);
    });
    await knex.raw('create unique index users_username_live_idx on users (lower("userName")) where "deletedAt" is null');

    await knex.schema.createTable('password_history', (t) => {
      t.increments('id');
      t.integer('userId').notNullable().references('id').inTable('users');
      t.text('passwordHash').notNullable();
      t.integer('editorUserId');
      t.string('editorName', 200);
      t.timestamp('changedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['userId']);
    });

    await knex.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.integer('userId').notNullable().references('id').inTable('users');
      t.integer('impersonatorUserId').references('id').inTable('users');
      t.string('ip', 64);
      t.string('userAgent', 500);
      t.boolean('rememberMe').notNullable().defaultTo(false);
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('lastRefreshedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('refreshExpiresAt', { useTz: true }).notNullable();
      t.timestamp('revokedAt', { useTz: true });
      t.string('revokedReason', 50);
      t.index(['userId']);
    });

    await knex.schema.createTable('refresh_tokens', (t) => {
      t.string('tokenHash', 64).primary();
      t.uuid('sessionId').notNullable().references('id').inTable('sessions');
      t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('expiresAt', { useTz: true }).notNullable();
      t.timestamp('usedAt', { useTz: true });
      t.index(['sessionId']);
    });

    await knex.schema.createTable('login_history', (t) => {
      t.bigIncrements('id');
      t.integer('userId');
      t.integer('organizationId');
      t.string('userName', 100).notNullable();
      t.string('ip', 64);
      t.string('userAgent', 500);
      t.string('result', 40).notNullable();
      t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['userId', 'at']);
    });

    await knex.schema.createTable('impersonation_history', (t) => {
      t.increments('id');
      t.uuid('sessionId').notNullable();
      t.integer('impersonatorUserId').notNullable();
      t.string('impersonatorName', 200).notNullable();
      t.integer('impersonatorOrganizationId').notNullable();
      t.integer('impersonatedUserId').notNullable();
      t.string('impersonatedUserName', 200).notNullable();
      t.integer('impersonatedOrganizationId').notNullable();
      t.string('impersonatedOrganizationName', 200).notNullable();
      t.timestamp('startedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('endedAt', { useTz: true });
      t.index(['impersonatorUserId']);
    });

    await knex.schema.createTable('audits', (t) => {
      t.bigIncrements('id');
      t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.string('requestId', 64);
      t.integer('userId');
      t.integer('impersonatorUserId');
      t.integer('organizationId');
      t.string('remoteIpAddress', 64);
      t.string('userAgent', 500);
      t.string('operationType', 60).notNullable();
      t.string('className', 60).notNullable();
      t.string('referenceId', 64);
      t.jsonb('oldData');
      t.jsonb('newData');
      t.index(['organizationId', 'at']);
    });
  },
  async down(knex: Knex): Promise<void> {
    for (const table of ['audits', 'impersonation_history', 'login_history', 'refresh_tokens', 'sessions', 'password_history', 'users', 'organizations', 'roles']) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};
