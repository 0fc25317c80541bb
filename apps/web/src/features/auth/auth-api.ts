import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  Registered,
  ResetPasswordBody,
  SessionUser,
} from '@habla/shared/schemas/auth';
import { api } from '@/lib/api';
import { CSRF_COOKIE_URL, LOGIN_URL, type RequestOptions } from '@/lib/api-client';

export type MessageResponse = { status: true; message: string };
export type RegisterResponse = MessageResponse & { data: Registered };

/** Calls of the auth API. */
export const authApi = {
  /** Asks the server to set its CSRF cookie; passed through unparsed and never toasted. */
  csrfCookie: () => api.get<Response>(CSRF_COOKIE_URL).catch(() => undefined),
  login: (body: LoginBody) => api.post<LoginResponse>(LOGIN_URL, body),
  register: (body: RegisterBody, options?: RequestOptions) =>
    api.post<RegisterResponse>('/api/auth/register', body, options),
  logout: () => api.post<MessageResponse>('/api/auth/logout', {}, { silent: true }),
  /** Not silent: an expired session says so in a toast before the user is sent to '/'. */
  me: () => api.get<{ status: true; data: SessionUser }>('/api/auth/me'),
  changePassword: (body: ChangePasswordBody) => api.post<MessageResponse>('/api/auth/change-password', body),
  forgotPassword: (body: ForgotPasswordBody) => api.post<MessageResponse>('/api/auth/forgot-password', body),
  resetPassword: (body: ResetPasswordBody) => api.post<MessageResponse>('/api/auth/reset-password', body),
};
