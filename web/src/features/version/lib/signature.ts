import type { TFunction } from 'i18next';

/** What the firmware list says of a package's signature (issue 47): signed by the publisher's targets key, unsigned
 * but allowed for older robots (the switch), or unsigned (it cannot be published). */
export type SignatureState = 'signed' | 'unsignedAllowed' | 'unsigned';

export function signatureState(firmware: { signed: boolean; allowUnsigned: boolean }): SignatureState {
  if (firmware.signed) return 'signed';
  return firmware.allowUnsigned ? 'unsignedAllowed' : 'unsigned';
}

/** A key id as the list shows it: its first 12 hex digits. */
export const shortKey = (keyId: string) => keyId.slice(0, 12);

/** The reasons a robot that checks signatures gives when it refuses a package (docs/robot-contract.md). */
export const SIGNATURE_REASONS = ['tuf_unsigned', 'tuf_rollback', 'tuf_stale', 'tuf_tampered', 'tuf_wrong_model', 'tuf_untrusted'] as const;

/** An update's reason in the reader's language: a signature refusal's sentence, else the robot's own words. */
export type SignatureReason = (typeof SIGNATURE_REASONS)[number];

export const isSignatureReason = (reason: string): reason is SignatureReason => (SIGNATURE_REASONS as readonly string[]).includes(reason);

export function updateReason(t: TFunction, reason: string): string {
  return isSignatureReason(reason) ? t(`version.signature.reasons.${reason}`) : reason;
}
