import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody } from '@habla/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { AuthCard } from './auth-card';
import { authApi } from './auth-api';

const changeForm = changePasswordBody
  .extend({ confirm_password: changePasswordBody.shape.current_password })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'validation.passwordMismatch',
  });

/** `/changePassword`: needs a signed-in user; current + new + confirmation. */
export function ChangePasswordPage() {
  const token = useAuthStore((s) => s.token);
  if (!token) return <Navigate to="/" replace />;
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changeForm),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    try {
      await authApi.changePassword({ current_password, new_password });
      navigate('/dashboards', { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['current_password', 'new_password']);
    }
  });

  const label = {
    current_password: t('auth.fields.current_password'),
    new_password: t('auth.fields.new_password'),
    confirm_password: t('auth.fields.confirm_password'),
  };

  return (
    <AuthCard
      title={t('auth.change.title')}
      subtitle={user ? t('auth.change.subtitle', { username: user.username }) : undefined}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('auth.change.title')}>
        <TextField
          label={label.current_password}
          type="password"
          autoComplete="current-password"
          autoFocus
          error={fieldErrorText(t, errors.current_password?.message, label.current_password)}
          {...register('current_password')}
        />
        <TextField
          label={label.new_password}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          description={t('auth.signup.passwordHint')}
          error={fieldErrorText(t, errors.new_password?.message, label.new_password)}
          {...register('new_password')}
        />
        <TextField
          label={label.confirm_password}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={fieldErrorText(t, errors.confirm_password?.message, label.confirm_password)}
          {...register('confirm_password')}
        />
        <div className="mt-1 flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="secondary" size="lg" className="w-full sm:w-auto sm:flex-1" onClick={() => navigate(-1)}>
            {t('auth.change.cancel')}
          </Button>
          <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto sm:flex-1">
            {t('auth.change.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
