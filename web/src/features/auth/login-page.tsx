import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/api/errors';
import { login, type LoginResult } from '@/api/session';
import { antdIsland } from '@/components/antd-island';
import { firstScreenData } from '@/lib/first-screen';
import { safeRedirect } from '@/lib/login-path';
import { useSessionStore } from '@/lib/session';
import { prefetchWhenIdle } from '@/lib/when-idle';
import { usePageTitle } from '@/components/use-page-title';
import { useProductName } from '@/lib/brand';
import { adoptLanguageAfterSignIn } from './adopt-language';
import { LoginCard } from './login-card';
import { LoginButton, LoginInput, LoginPassword } from './login-controls';
import { hasOwnText, loginErrorText } from './login-error';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondStepCard, useSecondStep } from './second-step-gate';
import { useProviderReturn } from './provider-return';
import { ProviderSlot } from './provider-slot';
import './login-page.css';

interface LoginForm {
  account: string;
  password: string;
}
type Field = keyof LoginForm;
type FieldErrors = Partial<Record<Field, string>>;

/** product-spec.md 5: a login name is English letters or digits only. */
const ACCOUNT_PATTERN = /^[A-Za-z0-9]+$/;
/** An e-mail is typed to find the organisation's identity provider (issue 50): it signs in with no password here. */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

// antd's Alert comes with the first refusal (fetched when the page is idle)
const loadLoginAlert = () => import('./login-alert');
const LoginAlert = antdIsland(loadLoginAlert);

/** The sign-in call's state (what the page used of TanStack Query's mutation, which is not in its first load). */
type Sending = { state: 'idle' | 'pending' | 'success' } | { state: 'error'; error: unknown };

/** The form's own checks, with the texts antd's Form rules gave them (the empty value first). */
function fieldError(field: Field, values: LoginForm, t: TFunction): string | undefined {
  if (field === 'account') {
    if (values.account.trim() === '') return t('login.accountRequired');
    if (EMAIL_PATTERN.test(values.account.trim())) return undefined;
    if (!ACCOUNT_PATTERN.test(values.account)) return t('login.accountPattern');
    return undefined;
  }
  return values.password === '' ? t('login.passwordRequired') : undefined;
}

/** A refusal the server said of the account or the password field, claimed (its toast cancelled) to show under it. */
function serverFieldError(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.kind !== 'code' || (error.field !== 'account' && error.field !== 'password')) return null;
  return error.claim() ? { [error.field]: error.message } : null;
}

/** A label above its input and the input's error below, as antd's vertical Form.Item draws them. */
function FormField({ id, label, error, children }: { id: Field; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'cf-login__field cf-login__field--error' : 'cf-login__field'}>
      <label htmlFor={id} className="cf-login__label" title={label}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}_help`} className="cf-login__explain" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  const signIn = useSessionStore((s) => s.signIn);
  usePageTitle(t('routes.login'));
  const productName = useProductName(t('app.name'));
  const [values, setValues] = useState<LoginForm>({ account: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const accountRef = useRef<HTMLInputElement>(null);
  // The login name field is where every visit to this page starts.
  useEffect(() => accountRef.current?.focus(), []);
  useEffect(() => prefetchWhenIdle(loadLoginAlert), []);

  const enter = async (result: LoginResult) => {
    const user = signIn(result);
    await Promise.all([adoptLanguageAfterSignIn(user), firstScreenData()]);
    await navigate(target, { replace: true, flushSync: true });
  };
  const providerReturn = useProviderReturn(enter);
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const pending = sending.state === 'pending';
  const failure = sending.state === 'error' ? sending.error : null;
  const send = ({ account, password }: LoginForm) => {
    setSending({ state: 'pending' });
    login(account.trim(), password, { quiet: true })
      .then(enter)
      .then(
        () => setSending({ state: 'success' }),
        // A refusal about the account or the password shows under it; any other, and the refusals the form words
        // itself (wrong credentials, locked: never said of one field), in the alert below the form.
        (error: unknown) => {
          const onField = hasOwnText(error) ? null : serverFieldError(error);
          if (onField) setErrors(onField);
          setSending({ state: 'error', error });
        },
      );
  };
  const second = useSecondStep(failure); // a second factor owed (issue 50 items 5-7)
  const onField = failure !== null && (errors.account !== undefined || errors.password !== undefined);

  if (signedIn && sending.state !== 'pending' && sending.state !== 'success') return <Navigate to={target} replace />;

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [field]: fieldError(field, next, t) }));
    if (failure !== null) setSending({ state: 'idle' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = { account: fieldError('account', values, t), password: fieldError('password', values, t) };
    if (!found.account && EMAIL_PATTERN.test(values.account.trim())) found.account = t('login.sso.emailNeedsProvider');
    setErrors(found);
    if (!found.account && !found.password) send(values);
  };
  const inputProps = (field: Field) => ({
    id: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    invalid: Boolean(errors[field]),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${field}_help` : undefined,
    'aria-required': true,
    disabled: pending,
  });

  if (second.step) return <SecondStepCard step={second.step} onSignedIn={enter} onBack={() => (second.clear(), setSending({ state: 'idle' }))} />;
  return (
    <LoginCard footer={<footer className="cf-login__footer">{productName} 1.20.0</footer>}>
      <form className="cf-login__form" noValidate onSubmit={submit}>
        <FormField id="account" label={t('login.account')} error={errors.account}>
          <LoginInput {...inputProps('account')} icon={UserOutlined} placeholder={t('login.accountPlaceholder')} autoComplete="username" ref={accountRef} />
        </FormField>
        <FormField id="password" label={t('login.password')} error={errors.password}>
          <LoginPassword {...inputProps('password')} icon={LockOutlined} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" />
        </FormField>
        {(failure !== null && !onField) || providerReturn.error ? (
          <Suspense fallback={null}>
            <LoginAlert text={failure !== null ? loginErrorText(failure, t) : t(`login.sso.errors.${providerReturn.error}`, { defaultValue: t('login.sso.errors.refused') })} />
          </Suspense>
        ) : null}
        <LoginButton kind="primary" type="submit" loading={pending || providerReturn.busy} disabled={pending}>
          {t('login.submit')}
        </LoginButton>
        <ProviderSlot login={values.account} />
      </form>
      <PasskeySignIn onSignedIn={enter} />
    </LoginCard>
  );
}
