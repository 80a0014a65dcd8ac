import { Suspense, useState } from 'react';
import { antdIsland } from '@/components/antd-island';
import { secondStepOf, type SecondStep, type SignedInAnswer } from '@/api/factors/second-step';
import { LoginCard } from './login-card';

// the second step (a code, a passkey, or enrolling a factor: issue 50 items 5-7) loads only when it is asked for,
// with antd (issue 52 item 11)
const SecondStepForm = antdIsland(() => import('./second-step'));

/** `#ticket=...&methods=totp,webauthn` (after a single sign-on that still owes a factor), read once and cleared. */
export function stepFromHash(): SecondStep | null {
  const found = new URLSearchParams(window.location.hash.slice(1));
  const ticket = found.get('ticket');
  if (!ticket) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { ticket, methods: (found.get('methods') ?? '').split(',').filter(Boolean) };
}

/** The second step the sign-in owes: from the URL fragment, or from /login's SECOND_FACTOR_REQUIRED refusal. */
export function useSecondStep(error: unknown): { step: SecondStep | null; clear: () => void } {
  const [fromHash, setFromHash] = useState<SecondStep | null>(stepFromHash);
  return { step: secondStepOf(error) ?? fromHash, clear: () => setFromHash(null) };
}

/** The sign-in card showing the second step instead of the password form. */
export function SecondStepCard({ step, onSignedIn, onBack }: { step: SecondStep; onSignedIn: (answer: SignedInAnswer) => Promise<void>; onBack: () => void }) {
  return (
    <LoginCard>
      <Suspense fallback={null}>
        <SecondStepForm step={step} onSignedIn={onSignedIn} onBack={onBack} />
      </Suspense>
    </LoginCard>
  );
}
