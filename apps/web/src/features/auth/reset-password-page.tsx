import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, resetPasswordBody } from '@habla/shared/schemas/auth';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { AuthCard, linkClasses } from './auth-card';
import { authApi } from './auth-api';

/** New password + confirmation, built from the shared schemas (no zod of its own). */
const resetForm = resetPasswordBody
  .pick({ password: true })
  .extend({ confirm_password: changePasswordBody.shape.current_password })
  .refine((v) => v.password === v.confirm_password, {
    path: ['confirm_password'],
    error: 'validation.passwordMismatch',
  });

/** `/resetPassword?token=…`: the e-mailed link; choose a new password once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetForm), defaultValues: { password: '', confirm_password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await authApi.resetPassword({ token, password });
      navigate('/login', { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['password']);
    }
  });

  const footer = (
    <Link to="/login" className={linkClasses}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('auth.reset.title')} footer={footer}>
        <div className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
            <LinkIcon className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm text-slate-700">{t('auth.reset.missingToken')}</p>
          <ButtonLink to="/forgotPassword" className="w-full">
            {t('auth.reset.requestNew')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const passwordLabel = t('auth.fields.new_password');
  const confirmLabel = t('auth.fields.confirm_password');
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} footer={footer}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('auth.reset.title')}>
        <TextField
          label={passwordLabel}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          autoFocus
          description={t('auth.signup.passwordHint')}
          error={fieldErrorText(t, errors.password?.message, passwordLabel)}
          {...register('password')}
        />
        <TextField
          label={confirmLabel}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={fieldErrorText(t, errors.confirm_password?.message, confirmLabel)}
          {...register('confirm_password')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('auth.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
