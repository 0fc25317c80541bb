import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@habla/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { fieldErrorText } from '@/lib/form-errors';
import { AuthCard, linkClasses } from './auth-card';
import { authApi } from './auth-api';
import { landingPath } from '@/lib/landing';

/** `/` and `/login`: sign in by e-mail or username and password. */
export function LoginPage() {
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  if (token) return <Navigate to={landingPath(user)} replace />;
  return <LoginForm />;
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useAuthStore((s) => s.signIn);
  const prefill = (location.state as { login?: string } | null)?.login ?? '';
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { login: prefill, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await authApi.csrfCookie();
      const answer = await authApi.login(values);
      signIn(answer.data, answer.token);
      navigate(landingPath(answer.data), { replace: true });
    } catch {
      // The API client has shown the toast; let the person try again.
      resetField('password');
      setFocus('password');
    }
  });

  const loginLabel = t('auth.fields.login');
  const passwordLabel = t('auth.fields.password');

  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('app.tagline')}
      footer={
        <>
          {t('auth.login.noAccount')}{' '}
          <Link to="/signup" className={linkClasses}>
            {t('auth.login.signup')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('auth.login.title')}>
        <TextField
          label={loginLabel}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          autoFocus
          error={fieldErrorText(t, errors.login?.message, loginLabel, { maximum: 254 })}
          {...register('login')}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label={passwordLabel}
            type="password"
            autoComplete="current-password"
            maxLength={1024}
            error={fieldErrorText(t, errors.password?.message, passwordLabel, { maximum: 1024 })}
            {...register('password')}
          />
          <Link to="/forgotPassword" className={`${linkClasses} self-end text-sm`}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('auth.login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
