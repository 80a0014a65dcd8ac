import { lazy, Suspense } from 'react';

// "Sign in with <company>": its own chunk, loaded once an e-mail is typed
const ProviderButtons = lazy(() => import('./provider-buttons'));

/** Where the identity providers' buttons go under the sign-in form: nothing until the login holds an "@". */
export function ProviderSlot({ login }: { login: string }) {
  if (!login.includes('@')) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons login={login} />
    </Suspense>
  );
}
