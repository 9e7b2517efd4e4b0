import { idParamSchema, publicRoute, userRoute, type Controller } from '../../platform/http/router.js';
import { noAnswer } from '../../shared/contracts/answer-schemas.js';
import {
  loginHistoryPageAnswer, passwordHistoryPageAnswer, userAnswer, usersPageAnswer,
} from '../../shared/identity/users.answers.js';
import {
  activeSessionsAnswer, captchaAnswer, signUpAnswer, currentUserAnswer, impersonationHistoryPageAnswer, loginAnswer, refreshTokenAnswer, tokenPairAnswer,
} from '../../shared/identity/account.answers.js';
import { claimSectionsAnswer, roleAnswer, roleChangedAnswer, roleListItemAnswer, rolesPageAnswer } from '../../shared/identity/roles.answers.js';
import type { AuthService } from './auth.service.js';
import type { UsersService } from './users.service.js';
import type { RolesService } from './roles.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { SignUpService } from './sign-up.service.js';
import {
  assignRoleSchema, assignTemplateSchema, changePasswordSchema, cloneRoleSchema, createRoleSchema, createUserSchema, deleteRoleQuery,
  impersonateSchema, listRolesQuery, listUsersQuery, loginSchema, pagingQuery, refreshSchema, resetPasswordSchema, sessionIdParams, signUpSchema,
  updateRefreshTokenSchema, updateRoleSchema, updateUserSchema,
} from './identity.schemas.js';

export function accountController(auth: AuthService, users: UsersService, signUp: SignUpService): Controller {
  return {
    name: 'Account',
    routes: [
      publicRoute({ method: 'POST', action: 'Login', auth: 'public', body: loginSchema, answer: loginAnswer, handler: ({ ctx, body }) => auth.login(ctx, body) }),
      publicRoute({ method: 'POST', action: 'SignUp', auth: 'public', body: signUpSchema, answer: signUpAnswer, handler: ({ ctx, body }) => signUp.signUp(ctx, body) }),
      publicRoute({ method: 'POST', action: 'RefreshToken', auth: 'public', body: refreshSchema, answer: tokenPairAnswer, handler: ({ body }) => auth.refresh(body) }),
      userRoute({ method: 'POST', action: 'UpdateRefreshToken', allowWhilePasswordChangeRequired: true, body: updateRefreshTokenSchema, answer: refreshTokenAnswer, handler: ({ ctx, body }) => auth.updateRefreshToken(ctx, body.refreshToken) }),
      userRoute({ method: 'POST', action: 'Logout', allowWhilePasswordChangeRequired: true, answer: noAnswer, handler: ({ ctx }) => auth.logout(ctx) }),
      userRoute({ method: 'POST', action: 'ChangePassword', allowWhilePasswordChangeRequired: true, body: changePasswordSchema, answer: noAnswer, handler: ({ ctx, body }) => auth.changePassword(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetActiveSessions', allowWhilePasswordChangeRequired: true, answer: activeSessionsAnswer, handler: ({ ctx }) => auth.activeSessions(ctx) }),
      userRoute({ method: 'POST', action: 'RevokeSession/:id', params: sessionIdParams, answer: noAnswer, handler: ({ ctx, params }) => auth.revokeSession(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetLoginHistory', query: pagingQuery, answer: loginHistoryPageAnswer, handler: ({ ctx, query }) => auth.loginHistory(ctx.principal.userId, query.pageIndex, query.pageSize) }),
      userRoute({ method: 'POST', action: 'Impersonate', claim: 'Users.Impersonate', body: impersonateSchema, answer: tokenPairAnswer, handler: ({ ctx, body }) => auth.impersonate(ctx, body.userId) }),
      userRoute({ method: 'POST', action: 'StopImpersonation', answer: tokenPairAnswer, handler: ({ ctx }) => auth.stopImpersonation(ctx) }),
      userRoute({ method: 'GET', action: 'GetImpersonationHistory', claim: 'Users.Impersonate', query: pagingQuery, answer: impersonationHistoryPageAnswer, handler: ({ ctx, query }) => auth.impersonationHistory(ctx, query.pageIndex, query.pageSize) }),
      userRoute({ method: 'GET', action: 'GetCurrentUser', allowWhilePasswordChangeRequired: true, answer: currentUserAnswer, handler: ({ ctx }) => users.current(ctx) }),
    ],
  };
}

export function captchaController(captcha: CaptchaService): Controller {
  return { name: 'Captcha', routes: [publicRoute({ method: 'GET', action: 'Create', auth: 'public', answer: captchaAnswer, handler: () => captcha.create() })] };
}

export function usersController(users: UsersService): Controller {
  return {
    name: 'Users',
    routes: [
      userRoute({ method: 'POST', action: 'Create', claim: 'Users.Create', body: createUserSchema, answer: userAnswer, handler: ({ ctx, body }) => users.create(ctx, body) }),
      userRoute({ method: 'POST', action: 'Update', claim: 'Users.Update', body: updateUserSchema, answer: userAnswer, handler: ({ ctx, body }) => users.update(ctx, body) }),
      userRoute({ method: 'GET', action: 'Get/:id', claim: 'Users.View', params: idParamSchema, answer: userAnswer, handler: ({ ctx, params }) => users.get(ctx, params.id) }),
      userRoute({ method: 'GET', action: 'GetAll', claim: 'Users.View', query: listUsersQuery, answer: usersPageAnswer, handler: ({ ctx, query }) => users.list(ctx, query) }),
      userRoute({ method: 'DELETE', action: 'Delete/:id', claim: 'Users.Delete', params: idParamSchema, answer: noAnswer, handler: ({ ctx, params }) => users.delete(ctx, params.id) }),
      userRoute({ method: 'POST', action: 'Suspend/:id', claim: 'Users.Suspend', params: idParamSchema, answer: userAnswer, handler: ({ ctx, params }) => users.setSuspended(ctx, params.id, true) }),
      userRoute({ method: 'POST', action: 'Unblock/:id', claim: 'Users.Suspend', params: idParamSchema, answer: userAnswer, handler: ({ ctx, params }) => users.setSuspended(ctx, params.id, false) }),
      userRoute({ method: 'POST', action: 'ResetPassword', claim: 'Users.Update', body: resetPasswordSchema, answer: noAnswer, handler: ({ ctx, body }) => users.resetPassword(ctx, body.id, body.password) }),
      userRoute({ method: 'GET', action: 'GetLoginHistory/:id', claim: 'Users.View', params: idParamSchema, query: pagingQuery, answer: loginHistoryPageAnswer, handler: ({ ctx, params, query }) => users.loginHistoryOf(ctx, params.id, query.pageIndex, query.pageSize) }),
      userRoute({ method: 'GET', action: 'GetPasswordHistory/:id', claim: 'Users.View', params: idParamSchema, query: pagingQuery, answer: passwordHistoryPageAnswer, handler: ({ ctx, params, query }) => users.passwordHistoryOf(ctx, params.id, query.pageIndex, query.pageSize) }),
      userRoute({ method: 'GET', action: 'GetCurrentUser', allowWhilePasswordChangeRequired: true, answer: currentUserAnswer, handler: ({ ctx }) => users.current(ctx) }),
    ],
  };
}

function roleRoutes(roles: RolesService, isTemplate: boolean, view: string, manage: string): Controller['routes'] {
  return [
    userRoute({ method: 'POST', action: 'Create', claim: manage, body: createRoleSchema, answer: roleAnswer, handler: ({ ctx, body }) => roles.create(ctx, body, isTemplate) }),
    userRoute({ method: 'POST', action: 'Update', claim: manage, body: updateRoleSchema, answer: roleAnswer, handler: ({ ctx, body }) => roles.update(ctx, body, isTemplate) }),
    userRoute({ method: 'GET', action: 'Get/:id', claim: view, params: idParamSchema, answer: roleListItemAnswer, handler: ({ ctx, params }) => roles.get(ctx, params.id, isTemplate) }),
    userRoute({ method: 'GET', action: 'GetAll', claim: view, query: listRolesQuery, answer: rolesPageAnswer, handler: ({ ctx, query }) => roles.list(ctx, { ...query, isTemplate }) }),
    userRoute({ method: 'DELETE', action: 'Delete/:id', claim: manage, params: idParamSchema, query: deleteRoleQuery, answer: roleChangedAnswer, handler: ({ ctx, params, query }) => roles.delete(ctx, params.id, isTemplate, query) }),
  ];
}

export function rolesController(roles: RolesService): Controller {
  return {
    name: 'Roles',
    routes: [
      ...roleRoutes(roles, false, 'Roles.View', 'Roles.Manage'),
      userRoute({ method: 'POST', action: 'Clone', claim: 'Roles.Manage', body: cloneRoleSchema, answer: roleAnswer, handler: ({ ctx, body }) => roles.clone(ctx, body.id, body.title) }),
      userRoute({ method: 'POST', action: 'AssignToUser', claim: 'Roles.Manage', body: assignRoleSchema, answer: roleChangedAnswer, handler: ({ ctx, body }) => roles.assignToUser(ctx, body) }),
      userRoute({ method: 'GET', action: 'GetClaims', claim: 'Roles.View', answer: claimSectionsAnswer, handler: async ({ ctx }) => roles.catalogue(ctx) }),
    ],
  };
}

export function roleTemplatesController(roles: RolesService): Controller {
  return {
    name: 'RoleTemplates',
    routes: [
      ...roleRoutes(roles, true, 'RoleTemplates.Manage', 'RoleTemplates.Manage'),
      userRoute({ method: 'POST', action: 'AssignToOrganization', claim: 'RoleTemplates.Manage', body: assignTemplateSchema, answer: roleChangedAnswer, handler: ({ ctx, body }) => roles.assignTemplate(ctx, body) }),
    ],
  };
}
