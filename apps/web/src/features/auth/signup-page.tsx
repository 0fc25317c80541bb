import { zodResolver } from '@hookform/resolvers/zod';
import { MEMBERSHIP_TYPES } from '@habla/shared/enums';
import { registerBody, type RegisterBody } from '@habla/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { isUiLanguage } from '@/lib/i18n';
import { AuthCard, linkClasses } from './auth-card';
import { authApi } from './auth-api';

const FIELDS = ['first_name', 'last_name', 'email', 'username', 'password', 'membership_type', 'account_name'] as const;
type FormValues = { [K in (typeof FIELDS)[number]]: string };

/** `/signup`: a free-trial account of the chosen membership type and its first user. */
export function SignupPage() {
  const token = useAuthStore((s) => s.token);
  if (token) return <Navigate to="/dashboards" replace />;
  return <SignupForm />;
}

function SignupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, RegisterBody>({
    resolver: zodResolver(registerBody) as never,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      username: '',
      password: '',
      membership_type: '',
      account_name: '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const language = i18n.resolvedLanguage;
    const body: RegisterBody = {
      ...values,
      account_name: values.account_name || undefined,
      ...(isUiLanguage(language) ? { language } : {}),
    };
    try {
      await authApi.csrfCookie();
      const answer = await authApi.register(body, { silentSuccess: true });
      toast.success([answer.message, answer.data?.advice].filter(Boolean).join('\n'));
      navigate('/login', { state: { login: values.username } });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const label = {
    first_name: t('auth.fields.first_name'),
    last_name: t('auth.fields.last_name'),
    email: t('auth.fields.email'),
    username: t('auth.fields.username'),
    password: t('auth.fields.password'),
    membership_type: t('auth.fields.membership_type'),
    account_name: t('auth.fields.account_name'),
  };
  const err = (name: (typeof FIELDS)[number], maximum?: number) =>
    fieldErrorText(t, errors[name]?.message, label[name], { maximum });

  return (
    <AuthCard
      wide
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <>
          {t('auth.signup.haveAccount')}{' '}
          <Link to="/login" className={linkClasses}>
            {t('auth.signup.login')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label={t('auth.signup.title')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={label.first_name}
            autoComplete="given-name"
            maxLength={100}
            error={err('first_name', 100)}
            {...register('first_name')}
          />
          <TextField
            label={label.last_name}
            autoComplete="family-name"
            maxLength={100}
            error={err('last_name', 100)}
            {...register('last_name')}
          />
        </div>
        <TextField
          label={label.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          error={err('email', 254)}
          {...register('email')}
        />
        <TextField
          label={label.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          description={t('auth.signup.usernameHint')}
          error={err('username', 40)}
          {...register('username')}
        />
        <TextField
          label={label.password}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          description={t('auth.signup.passwordHint')}
          error={err('password', 128)}
          {...register('password')}
        />
        <SelectField
          label={label.membership_type}
          placeholder={t('auth.signup.chooseMembership')}
          options={MEMBERSHIP_TYPES.map((m) => ({ value: m, label: t(`membership.${m}`) }))}
          error={err('membership_type')}
          {...register('membership_type')}
        />
        <TextField
          label={label.account_name}
          optionalLabel={t('auth.signup.optional')}
          autoComplete="organization"
          maxLength={200}
          description={t('auth.signup.accountNameHint')}
          error={err('account_name', 200)}
          {...register('account_name')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="mt-1 w-full">
          {t('auth.signup.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
