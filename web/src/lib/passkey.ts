/**
 * The browser's side of passkeys (WebAuthn) through @simplewebauthn/browser, loaded only when a passkey is used
 * (its own chunk: the login page's first load does not carry it). The server sends the options as JSON text and
 * takes the browser's answer as JSON text (factors/ on the server, py_webauthn).
 */

/** Whether this browser can use passkeys at all (a secure page: https, or localhost). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** Asks the authenticator for a new credential; answers its registration as JSON text. */
export async function createPasskey(options: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startRegistration({ optionsJSON: JSON.parse(options) }));
}

/** Asks the authenticator to sign the challenge; answers the assertion as JSON text. */
export async function signWithPasskey(options: string): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return JSON.stringify(await startAuthentication({ optionsJSON: JSON.parse(options) }));
}

/** The person closed the browser's passkey dialog (or it timed out): not an error to show. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
