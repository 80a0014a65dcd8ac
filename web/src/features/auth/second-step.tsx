import { Alert, Button, Input, Radio, type InputRef } from 'antd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import {
  enrolPasskeyAdd,
  enrolPasskeyOptions,
  enrolTotpConfirm,
  enrolTotpStart,
  ticketPasskeyOptions,
  verifyCode,
  verifyPasskey,
  type SecondStep,
  type SignedInAnswer,
} from '@/api/factors/second-step';
import { RecoveryCodes } from '@/components/recovery-codes';
import { createPasskey, passkeyCancelled, passkeysSupported, signWithPasskey } from '@/lib/passkey';
import './second-step.css';

/**
 * The sign-in's second step (issue 50 items 5-7), its own chunk: the code of an authenticator app or a recovery
 * code, or a passkey; or, when the branch requires a factor the person has none of, enrolling one (an app with its
 * QR code, or a passkey), then the recovery codes shown once. Every way ends in `onSignedIn` with the session.
 */
interface Props {
  step: SecondStep;
  onSignedIn: (answer: SignedInAnswer) => Promise<void>;
  onBack: () => void;
}

function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/** A call's progress and refusal: a refusal the server said of the code shows under the code field (`onCode`), any
 * other below the form (`error`). */
function usePending() {
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ text: string; onCode: boolean } | null>(null);
  const run = async (work: () => Promise<void>, fallback: string) => {
    setPending(true);
    setRefusal(null);
    try {
      await work();
    } catch (caught) {
      if (!passkeyCancelled(caught)) setRefusal({ text: errorText(caught, fallback), onCode: isApiError(caught) && caught.field === 'code' });
    } finally {
      setPending(false);
    }
  };
  return { pending, error: refusal && !refusal.onCode ? refusal.text : null, codeError: refusal?.onCode ? refusal.text : null, run };
}

function CodeForm({ label, onCode, pending, refused }: { label: string; onCode: (code: string) => void; pending: boolean; refused: string | null }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<InputRef>(null);
  useEffect(() => input.current?.focus(), []); // the code is what this step asks for
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(code.trim() === '');
    if (code.trim() !== '') onCode(code.trim());
  };
  const explain = missing ? t('secondStep.codeRequired') : refused;
  return (
    <form className="cf-login__form" noValidate onSubmit={submit}>
      <div className={explain ? 'cf-login__field cf-login__field--error' : 'cf-login__field'}>
        <label htmlFor="factor-code" className="cf-login__label">
          {t('secondStep.code')}
        </label>
        <Input id="factor-code" size="large" value={code} autoComplete="one-time-code" inputMode="text" ref={input}
          onChange={(e) => setCode(e.target.value)} aria-invalid={explain ? true : undefined} aria-describedby={explain ? 'factor-code_help' : undefined}
          status={explain ? 'error' : undefined} disabled={pending} />
        {explain && <div id="factor-code_help" className="cf-login__explain" role="alert">{explain}</div>}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {label}
      </Button>
    </form>
  );
}

function VerifyStep({ step, onSignedIn }: Omit<Props, 'onBack'>) {
  const { t } = useTranslation();
  const { pending, error, codeError, run } = usePending();
  const byCode = (code: string) => void run(async () => onSignedIn(await verifyCode(step.ticket, code)), t('api.failed'));
  const byPasskey = () =>
    void run(async () => {
      const options = await ticketPasskeyOptions(step.ticket);
      const credential = await signWithPasskey(options.options);
      await onSignedIn(await verifyPasskey(step.ticket, options.handle, credential));
    }, t('secondStep.passkeyFailed'));
  const hasCode = step.methods.includes('totp') || step.methods.includes('recovery');
  return (
    <>
      {hasCode && <p>{t('secondStep.codeHint')}</p>}
      {hasCode && <CodeForm label={t('secondStep.verify')} onCode={byCode} pending={pending} refused={codeError} />}
      {step.methods.includes('webauthn') && passkeysSupported() && (
        <Button size="large" block onClick={byPasskey} disabled={pending} data-testid="second-step-passkey">
          {t('secondStep.usePasskey')}
        </Button>
      )}
      {error && <Alert className="cf-login__error" type="error" showIcon title={error} role="alert" />}
    </>
  );
}

function TotpEnrol({ ticket, done }: { ticket: string; done: (answer: SignedInAnswer) => void }) {
  const { t } = useTranslation();
  const { pending, error, codeError, run } = usePending();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  if (!setup) {
    return (
      <>
        <Button size="large" block loading={pending} data-testid="enrol-app"
          onClick={() => void run(async () => setSetup(await enrolTotpStart(ticket)), t('api.failed'))}>
          {t('secondStep.enrolApp')}
        </Button>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
      </>
    );
  }
  const confirm = (code: string) => void run(async () => done(await enrolTotpConfirm(ticket, code)), t('api.failed'));
  return (
    <>
      <p>{t('secondStep.enrolAppHint')}</p>
      <img className="cf-factor-qr" alt={t('secondStep.qrAlt')} src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} />
      <p>
        {t('secondStep.secret')}: <code data-testid="totp-secret" dir="ltr">{setup.secret}</code>
      </p>
      <CodeForm label={t('secondStep.verify')} onCode={confirm} pending={pending} refused={codeError} />
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </>
  );
}

function PasskeyEnrol({ ticket, done }: { ticket: string; done: (answer: SignedInAnswer) => void }) {
  const { t } = useTranslation();
  const { pending, error, run } = usePending();
  const [name, setName] = useState(t('secondStep.passkeyDefault'));
  const add = () =>
    void run(async () => {
      const options = await enrolPasskeyOptions(ticket);
      const credential = await createPasskey(options.options);
      done(await enrolPasskeyAdd(ticket, name.trim() || t('secondStep.passkeyDefault'), options.handle, credential));
    }, t('secondStep.passkeyFailed'));
  return (
    <>
      <label htmlFor="enrol-passkey-name" className="cf-login__label">{t('secondStep.passkeyName')}</label>
      <Input id="enrol-passkey-name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
      <Button type="primary" size="large" block loading={pending} onClick={add} data-testid="enrol-passkey">
        {t('secondStep.addPasskey')}
      </Button>
      {error && <Alert type="error" showIcon title={error} role="alert" />}
    </>
  );
}

function EnrolStep({ step, onSignedIn }: Omit<Props, 'onBack'>) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SignedInAnswer | null>(null);
  const [method, setMethod] = useState<'totp' | 'webauthn'>('totp');
  if (answer?.recoveryCodes) return <RecoveryCodes codes={answer.recoveryCodes} onDone={() => void onSignedIn(answer)} />;
  const done = (signed: SignedInAnswer) => (signed.recoveryCodes ? setAnswer(signed) : void onSignedIn(signed));
  // a choice listed one under the other (not tabs): its labels wrap on a phone in every language
  const choice = step.methods.includes('webauthn') && passkeysSupported();
  return (
    <>
      <p id="cf-enrol-hint">{t('secondStep.enrolHint')}</p>
      {choice && (
        <Radio.Group vertical className="cf-login__methods" value={method} aria-labelledby="cf-enrol-hint" onChange={(e) => setMethod(e.target.value as 'totp' | 'webauthn')}
          options={[{ value: 'totp', label: t('secondStep.enrolApp') }, { value: 'webauthn', label: t('secondStep.enrolPasskey') }]} />
      )}
      {method === 'webauthn' && choice ? <PasskeyEnrol ticket={step.ticket} done={done} /> : <TotpEnrol ticket={step.ticket} done={done} />}
    </>
  );
}

export default function SecondStepForm({ step, onSignedIn, onBack }: Props) {
  const { t } = useTranslation();
  const enrol = step.methods.includes('enrol');
  return (
    <div className="cf-login__second" data-testid="second-step">
      <h2 className="cf-login__subtitle">{t(enrol ? 'secondStep.enrolTitle' : 'secondStep.title')}</h2>
      {enrol ? <EnrolStep step={step} onSignedIn={onSignedIn} /> : <VerifyStep step={step} onSignedIn={onSignedIn} />}
      <Button type="link" onClick={onBack}>
        {t('secondStep.back')}
      </Button>
    </div>
  );
}
