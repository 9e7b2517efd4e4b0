import { pagingQuerySchema } from '../../platform/http/router.js';
import { NAME_FORMAT } from '../../platform/http/validation.js';
import { USER_FLAGS, USER_TEXT_FIELDS } from './user.fields.js';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const confirmation = { confirmationId: { type: 'string', maxLength: 64 }, confirmationNumber: { type: 'string', maxLength: 12 } } as const;
const password = { type: 'string', minLength: 1, maxLength: 128 } as const;
const token = { type: 'string', minLength: 1, maxLength: 4096 } as const;
/** Text fields shown as a person's name: no bidi controls (`format: 'name'`). */
const NAME_FIELDS: ReadonlySet<string> = new Set(['firstName', 'lastName', 'fatherName']);

export const loginSchema = {
  type: 'object', additionalProperties: false, required: ['userName', 'password'],
  properties: {
    userName: { type: 'string', minLength: 1, maxLength: 100 },
    password,
    captchaId: { type: 'string', maxLength: 64 },
    captchaCode: { type: 'string', maxLength: 12 },
    rememberMe: { type: 'boolean' },
  },
} as const;

export const refreshSchema = {
  type: 'object', additionalProperties: false, required: ['accessToken', 'refreshToken'],
  properties: { accessToken: token, refreshToken: token },
} as const;

export const updateRefreshTokenSchema = {
  type: 'object', additionalProperties: false, required: ['refreshToken'], properties: { refreshToken: token },
} as const;

export const changePasswordSchema = {
  type: 'object', additionalProperties: false, required: ['currentPassword', 'newPassword', 'confirmPassword'],
  properties: { currentPassword: password, newPassword: password, confirmPassword: password },
} as const;

export const impersonateSchema = { type: 'object', additionalProperties: false, required: ['userId'], properties: { userId: id } } as const;

export const sessionIdParams = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const pagingQuery = { type: 'object', additionalProperties: false, properties: { pageIndex: pagingQuerySchema.pageIndex, pageSize: pagingQuerySchema.pageSize } } as const;

type NullableText = { readonly type: readonly ['string', 'null']; readonly maxLength: number; readonly format?: typeof NAME_FORMAT };
const bool = { type: 'boolean' } as const;

function userProperties() {
  // fromEntries types its keys as any string: these are exactly the field lists' names.
  const texts = Object.fromEntries(Object.entries(USER_TEXT_FIELDS).map(([name, max]) => [name, NAME_FIELDS.has(name)
    ? { type: ['string', 'null'], maxLength: max, format: NAME_FORMAT } as const : { type: ['string', 'null'], maxLength: max } as const])) as { [K in keyof typeof USER_TEXT_FIELDS]: NullableText };
  const flags = Object.fromEntries(USER_FLAGS.map((name) => [name, bool])) as { [K in (typeof USER_FLAGS)[number]]: typeof bool };
  return {
    ...texts,
    ...flags,
    email: { anyOf: [{ type: 'string', format: 'email', maxLength: 254 }, { type: 'null' }, { const: '' }] },
    mobile: { anyOf: [{ type: 'string', format: 'mobile' }, { type: 'null' }, { const: '' }] },
    nationalCode: { anyOf: [{ type: 'string', pattern: '^[0-9]{10}$' }, { type: 'null' }, { const: '' }] },
    zoneId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    mobileCount: { type: ['integer', 'null'], minimum: 0, maximum: 1000 },
    birthDate: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] },
    expireDate: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    roleTemplateId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    secondPassword: { type: 'string', minLength: 4, maxLength: 128 },
  } as const;
}

/**
 * `Account/SignUp`: every field's mistake at once here (the mobile by the house's `mobile` format,
 * as on Users/Create; the client sends Latin digits); the password policy, as on Create, by the service.
 */
export const signUpSchema = {
  type: 'object', additionalProperties: false, required: ['organizationName', 'firstName', 'lastName', 'mobile', 'userName', 'password'],
  properties: {
    organizationName: { type: 'string', minLength: 2, maxLength: 200, pattern: '\\S', format: NAME_FORMAT },
    firstName: { type: 'string', minLength: 1, maxLength: USER_TEXT_FIELDS.firstName, pattern: '\\S', format: NAME_FORMAT },
    lastName: { type: 'string', minLength: 1, maxLength: USER_TEXT_FIELDS.lastName, pattern: '\\S', format: NAME_FORMAT },
    mobile: { type: 'string', format: 'mobile' },
    userName: { type: 'string', minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._@-]+$' },
    password,
  },
} as const;

export const createUserSchema = {
  type: 'object', additionalProperties: false, required: ['userName', 'password'],
  properties: {
    ...userProperties(),
    organizationId: id,
    userName: { type: 'string', minLength: 3, maxLength: 50, pattern: '^[A-Za-z0-9._@-]+$' },
    password,
  },
} as const;

// A user's role changes only through Roles/AssignToUser, where taking access away needs the
// confirmation number; Update refuses the field rather than bypass that.
const { roleTemplateId: _role, ...updatableUserProperties } = userProperties();
export const updateUserSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { ...updatableUserProperties, id },
} as const;

export const listUsersQuery = {
  type: 'object', additionalProperties: false,
  properties: { ...pagingQuerySchema, organizationId: id, isActive: { type: 'boolean' } },
} as const;

export const resetPasswordSchema = { type: 'object', additionalProperties: false, required: ['id', 'password'], properties: { id, password } } as const;

const claims = { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } } as const;
const title = { type: 'string', minLength: 2, maxLength: 200, pattern: '\\S', format: NAME_FORMAT } as const;

export const createRoleSchema = {
  type: 'object', additionalProperties: false, required: ['title', 'claims'], properties: { title, claims, organizationId: id },
} as const;
export const updateRoleSchema = {
  type: 'object', additionalProperties: false, required: ['id'], properties: { id, title, claims, ...confirmation },
} as const;
export const cloneRoleSchema = { type: 'object', additionalProperties: false, required: ['id'], properties: { id, title } } as const;
export const deleteRoleQuery = { type: 'object', additionalProperties: false, properties: { ...confirmation } } as const;
export const listRolesQuery = { type: 'object', additionalProperties: false, properties: { ...pagingQuerySchema, organizationId: id, assignable: { type: 'boolean' } } } as const;
export const assignRoleSchema = {
  type: 'object', additionalProperties: false, required: ['userId', 'roleId'],
  properties: { userId: id, roleId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 }, ...confirmation },
} as const;
export const assignTemplateSchema = {
  type: 'object', additionalProperties: false, required: ['organizationId', 'roleTemplateId'],
  properties: { organizationId: id, roleTemplateId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 }, ...confirmation },
} as const;
