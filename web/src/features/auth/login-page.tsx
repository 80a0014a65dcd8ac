import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, type InputRef } from 'antd';
// Input and Password from their own modules: antd's `Input` brings TextArea, Search and OTP too,
// which the first load does not need
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { login } from '@/api/session';
import { safeRedirect } from '@/lib/login-path';
import { useSessionStore } from '@/lib/session';
import { LanguageSwitch } from '@/components/language-switch';
import { showOnField } from '@/components/form-refusal';
import { Logo } from '@/components/logo';
import { usePageTitle } from '@/components/use-page-title';
import { adoptLanguageAfterSignIn } from './adopt-language';
import { hasOwnText, loginErrorText } from './login-error';
import './login-page.css';

interface LoginForm {
  account: string;
  password: string;
}

/** product-spec.md 5: a login name is English letters or digits only. */
const ACCOUNT_PATTERN = /^[A-Za-z0-9]+$/;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  const signIn = useSessionStore((s) => s.signIn);
  usePageTitle(t('routes.login'));
  const [form] = Form.useForm<LoginForm>();
  // A refusal about the account or the password shows under it; any other, and the refusals the form words
  // itself (wrong credentials, locked: never said of one field), in the alert below the form.
  const [onField, setOnField] = useState(false);
  const accountRef = useRef<InputRef>(null);
  // The login name field is where every visit to this page starts.
  useEffect(() => accountRef.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: ({ account, password }: LoginForm) => login(account.trim(), password, { quiet: true }),
    onSuccess: async (result) => {
      const user = signIn(result);
      await adoptLanguageAfterSignIn(user);
      await navigate(target, { replace: true });
    },
    onError: (error) => setOnField(!hasOwnText(error) && showOnField(form, error)),
  });

  if (signedIn && !mutation.isPending && !mutation.isSuccess) return <Navigate to={target} replace />;

  return (
    <main className="cf-login">
      <LanguageSwitch className="cf-login__language" />
      <section className="cf-login__card" aria-labelledby="cf-login-title">
        <header className="cf-login__header">
          <Logo size={44} />
          <div>
            <h1 id="cf-login-title" className="cf-login__title">
              {t('login.title')}
            </h1>
            <p className="cf-login__tagline">{t('app.tagline')}</p>
          </div>
        </header>
        <Form<LoginForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={mutation.isPending}
          onFinish={(values) => mutation.mutate(values)}
          onValuesChange={() => mutation.isError && mutation.reset()}
        >
          <Form.Item
            label={t('login.account')}
            name="account"
            rules={[
              { required: true, whitespace: true, message: t('login.accountRequired') },
              { pattern: ACCOUNT_PATTERN, message: t('login.accountPattern') },
            ]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" size="large" ref={accountRef} />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" size="large" />
          </Form.Item>
          {mutation.isError && !onField && (
            <Alert className="cf-login__error" type="error" showIcon title={loginErrorText(mutation.error, t)} role="alert" />
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={mutation.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </section>
      <footer className="cf-login__footer">{t('app.name')} 1.20.0</footer>
    </main>
  );
}
