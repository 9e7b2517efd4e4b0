import type { Page } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { LoginHistoryItem, LoginHistoryPage, UserAnswer, UserListItemAnswer, UsersPage } from '../../../../server/shared/identity/users.answers';

/** Shapes of `Users/*`: the server's answer contracts (module identity). */
export type User = UserAnswer;
export type UserListItem = UserListItemAnswer;
export type HistoryRow = LoginHistoryItem;

/** A confirmation number the server asked for (the kit's confirmation flow adds it to the call). */
type ConfirmationValues = { confirmationId?: string; confirmationNumber?: string };

/** The form's body: every editable field on create, only the changed ones (and the id) on update. */
export type UserBody = Record<string, unknown>;

export const usersApi = {
  list: endpoint.get<UsersPage, { pageIndex: number; pageSize: number; search?: string; organizationId?: number }>('/Users/GetAll'),
  get: endpoint.getById<User>('/Users/Get'),
  create: endpoint.post<UserBody, User>('/Users/Create'),
  update: endpoint.post<UserBody & { id: number }, User>('/Users/Update'),
  delete: endpoint.deleteById<null>('/Users/Delete'),
  suspend: endpoint.postById<User>('/Users/Suspend'),
  unblock: endpoint.postById<User>('/Users/Unblock'),
  resetPassword: endpoint.post<{ id: number; password: string }, null>('/Users/ResetPassword'),
  loginHistory: endpoint.getByIdWith<LoginHistoryPage, { pageIndex: number; pageSize: number }>('/Users/GetLoginHistory'),
};

/**
 * What the users feature calls of other features: the roles of an organization and a role's
 * assignment (identity's Roles, no answer contract yet: only the fields read here), and
 * impersonation (Account).
 */
export interface RoleItem { id: number; title: string }

export const userLookups = {
  /** With assignable: what a user of the organization may hold (its roles and the role template assigned to it). */
  roles: endpoint.get<Page<RoleItem>, { organizationId: number; pageSize: number; assignable: true }>('/Roles/GetAll'),
  assignRole: endpoint.post<{ userId: number; roleId: number | null } & ConfirmationValues>('/Roles/AssignToUser'),
  impersonate: endpoint.post<{ userId: number }, { accessToken: string; refreshToken: string }>('/Account/Impersonate'),
};

/**
 * The feature's SWR keys: every users list starts with 'users' (one mutate refreshes them); the
 * form's role list keeps 'user-roles', which the roles feature revalidates after a role change.
 */
export const usersKeys = {
  list: (search: string, organizationId: number | null, pageIndex: number, pageSize: number) => ['users', search, organizationId, pageIndex, pageSize] as const,
  history: (userId: number, pageIndex: number) => ['users', 'history', userId, pageIndex] as const,
  isUsersKey: (key: unknown) => Array.isArray(key) && key[0] === 'users',
  roles: (organizationId: number) => ['user-roles', organizationId] as const,
};
