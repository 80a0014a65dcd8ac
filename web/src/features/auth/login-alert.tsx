import { Alert } from 'antd';

/** The sign-in refusal under the form (its own chunk, an antd island: the sign-in page draws it only after a failure). */
export default function LoginAlert({ text }: { text: string }) {
  return <Alert className="cf-login__error" type="error" showIcon title={text} role="alert" />;
}
