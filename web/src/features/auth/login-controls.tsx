/**
 * The sign-in form's inputs and buttons drawn as antd's large Input, Password and Button draw them (login-page.css
 * has their look), without antd: the form shows before antd's code and style sheet have arrived (issue 52 item 11).
 */
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useLanguageStore } from '@/i18n/store';
import { LoginIcon } from './login-icon';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> & {
  icon: IconDefinition;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
};

function Affix({ icon, invalid, disabled, children, suffix }: { icon: IconDefinition; invalid?: boolean; disabled?: boolean; children: ReactNode; suffix?: ReactNode }) {
  const classes = ['cf-login-input', invalid && 'cf-login-input--error', disabled && 'cf-login-input--disabled'];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <span className="cf-login-input__prefix">
        <LoginIcon icon={icon} />
      </span>
      {children}
      {suffix}
    </span>
  );
}

/** A large text input with an icon before it (antd's `<Input size="large" prefix={…} />`). */
export function LoginInput({ icon, invalid, ref, ...input }: InputProps) {
  return (
    <Affix icon={icon} invalid={invalid} disabled={input.disabled}>
      <input type="text" {...input} ref={ref} className="cf-login-input__field" />
    </Affix>
  );
}

/** A large password input with the eye that shows the password (antd's `<Input.Password />`, its words from antd's
 * locale: "Show", "Hide"; a real button where antd has a span with the button role). */
export function LoginPassword({ icon, invalid, ref, ...input }: InputProps) {
  const [visible, setVisible] = useState(false);
  const words = useLanguageStore((s) => s.antdLocale?.global);
  const eye = (
    <span className="cf-login-input__suffix">
      <button
        type="button"
        className="cf-login-input__eye"
        disabled={input.disabled}
        aria-pressed={visible}
        aria-label={visible ? (words?.hide ?? 'Hide') : (words?.show ?? 'Show')}
        onMouseDown={(event) => event.preventDefault()}
        onMouseUp={(event) => event.preventDefault()}
        onClick={() => setVisible(!visible)}
      >
        <LoginIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
  return (
    <Affix icon={icon} invalid={invalid} disabled={input.disabled} suffix={eye}>
      <input {...input} ref={ref} type={visible ? 'text' : 'password'} className="cf-login-input__field" />
    </Affix>
  );
}

/** antd puts a space between two Chinese characters alone on a button ("登 录"). */
const TWO_CHINESE_CHARACTERS = /^[\u4E00-\u9FA5]{2}$/;

interface ButtonProps {
  kind?: 'primary' | 'default';
  icon?: IconDefinition;
  loading?: boolean;
  disabled?: boolean;
  type?: 'submit' | 'button';
  href?: string;
  onClick?: () => void;
  children: string;
  'data-testid'?: string;
}

/** A large full-width button (antd's `<Button size="large" block />`), or a link drawn as one. */
export function LoginButton({ kind = 'default', icon, loading = false, disabled = false, type = 'button', href, onClick, children, ...rest }: ButtonProps) {
  const classes = ['cf-login-button', `cf-login-button--${kind}`, loading && 'cf-login-button--loading'];
  const shown = icon ?? (loading ? LoadingOutlined : null);
  const content = (
    <>
      {shown && (
        <span className="cf-login-button__icon">
          <LoginIcon icon={loading ? LoadingOutlined : shown} spin={loading} />
        </span>
      )}
      <span>{!icon && !loading && TWO_CHINESE_CHARACTERS.test(children) ? children.split('').join(' ') : children}</span>
    </>
  );
  if (href) {
    return (
      <a className={classes.filter(Boolean).join(' ')} href={href} data-testid={rest['data-testid']}>
        {content}
      </a>
    );
  }
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} disabled={disabled} onClick={loading ? undefined : onClick} data-testid={rest['data-testid']}>
      {content}
    </button>
  );
}
