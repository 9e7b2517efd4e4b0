import { endpoint } from '../../shared/api/endpoint';
import { CURRENT_USER_KEY } from '../../shared/auth/current-user';
import type { ActiveSessionsAnswer, CaptchaAnswer, CurrentUserAnswer, LoginAnswer, SignUpAnswer } from '../../../../server/shared/identity/account.answers';
import type { LoginHistoryItem, LoginHistoryPage } from '../../../../server/shared/identity/users.answers';

/** Shapes of `Account/*` and `Captcha/Create`: the server's answer contracts (module identity). */
export type SessionRow = ActiveSessionsAnswer[number];
export type HistoryRow = LoginHistoryItem;
export type LoginResult = LoginAnswer;
export type Captcha = CaptchaAnswer;

export interface LoginInput { userName: string; password: string; rememberMe: boolean; captchaId?: string; captchaCode: string }
export interface SignUpInput { organizationName: string; firstName: string; lastName: string; mobile: string; userName: string; password: string }
export interface ChangePasswordInput { currentPassword: string; newPassword: string; confirmPassword: string }

export const accountApi = {
  login: endpoint.post<LoginInput, LoginAnswer>('/Account/Login'),
  captcha: endpoint.get<CaptchaAnswer>('/Captcha/Create'),
  signUp: endpoint.post<SignUpInput, SignUpAnswer>('/Account/SignUp'),
  changePassword: endpoint.post<ChangePasswordInput, null>('/Account/ChangePassword'),
  sessions: endpoint.get<ActiveSessionsAnswer>('/Account/GetActiveSessions'),
  revokeSession: endpoint.postById<null>('/Account/RevokeSession'),
  loginHistory: endpoint.get<LoginHistoryPage, { pageIndex: number; pageSize: number }>('/Account/GetLoginHistory'),
  /** The shell's current user; its SWR key is the path itself (CURRENT_USER_KEY, read by the default fetcher). */
  currentUser: endpoint.get<CurrentUserAnswer>(CURRENT_USER_KEY),
};

/** SWR keys of the account pages. */
export const accountKeys = {
  sessions: () => ['account-sessions'] as const,
  loginHistory: (pageIndex: number, pageSize: number) => ['account-login-history', pageIndex, pageSize] as const,
};
