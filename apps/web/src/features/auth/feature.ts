import type { FeatureManifest } from '@/app/feature';
import { load } from '@/app/route-kit';

const page = {
  login: load(
    () => import('./login-page'),
    (m) => m.LoginPage,
  ),
  signup: load(
    () => import('./signup-page'),
    (m) => m.SignupPage,
  ),
  forgotPassword: load(
    () => import('./forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  resetPassword: load(
    () => import('./reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  changePassword: load(
    () => import('./change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  logout: load(
    () => import('./logout-page'),
    (m) => m.LogoutPage,
  ),
};

/** Signing in and out, signing up, and passwords (seed §2): the public pages. */
export const authFeature: FeatureManifest = {
  id: 'auth',
  routes: {
    public: [
      { index: true, lazy: page.login },
      { path: 'login', lazy: page.login },
      { path: 'signup', lazy: page.signup },
      { path: 'forgotPassword', lazy: page.forgotPassword },
      { path: 'resetPassword', lazy: page.resetPassword },
      { path: 'changePassword', lazy: page.changePassword },
      { path: 'logout', lazy: page.logout },
    ],
  },
};
