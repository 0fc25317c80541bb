import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@habla/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { fieldErrorText } from '@/lib/form-errors';
import { AuthCard, linkClasses } from './auth-card';
import { authApi } from './auth-api';

/** `/forgotPassword`: ask for an e-mail with a single-use link to choose a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { login: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await authApi.forgotPassword(values);
      setSent(answer.message);
    } catch {
      /* toast shown by the API client */
    }
  });

  const loginLabel = t('auth.fields.login');
  const back = (
    <Link to="/login" className={linkClasses}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (sent !== null) {
    return (
      <AuthCard title={t('auth.forgot.sentTitle')} footer={back}>
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <p className="text-sm text-slate-700">{sent}</p>
          <ButtonLink to="/login" variant="secondary" className="w-full">
            {t('auth.forgot.back')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={back}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('auth.forgot.title')}>
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
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
