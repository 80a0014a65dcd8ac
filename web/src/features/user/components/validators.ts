/**
 * The field rules of product-spec 5, as the server checks them (users/schemas.py), so the form
 * refuses what the server would refuse and says why in the user's language.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { emailList, enter, MAILBOX_PATTERN, maxChars } from '@/lib/form-rules';

export const ACCOUNT_PATTERN = /^[A-Za-z0-9]+$/;
export const PHONE_PATTERN = /^\d{11}$/;
export const PASSWORD_MIN = 8;
export const ABOUT_US_MIN = 2;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isAccount(value: string): boolean {
  return ACCOUNT_PATTERN.test(value);
}

/** Empty, or exactly 11 digits. */
export function isPhone(value: string): boolean {
  const text = value.trim();
  return text === '' || PHONE_PATTERN.test(text);
}

/** The entries of a comma-separated mailbox list (blank entries dropped). */
export function emailEntries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The first entry that is not a mailbox, or null when the list is fine (an empty list is). */
export function badMailbox(value: string): string | null {
  return emailEntries(value).find((entry) => !MAILBOX_PATTERN.test(entry)) ?? null;
}

/** The list as the server stores it: entries trimmed, joined by commas. */
export function normaliseEmails(value: string): string {
  return emailEntries(value).join(',');
}

export function isPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && /[A-Za-z]/.test(value) && /\d/.test(value);
}

export type ImageProblem = 'notImage' | 'tooLarge';

/** Why an image file cannot be used (at most 2 MB, PNG, JPEG, GIF or WebP), or null. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

// --- antd form rules (the shared messages of src/lib/form-rules.ts, plus this feature's own) -------

export function accountRules(t: TFunction): FormRule[] {
  return [enter(t, t('user.fields.account')), { pattern: ACCOUNT_PATTERN, message: t('user.validation.accountPattern') }, maxChars(t, 64)];
}

/** A required name of at most 64 characters, "Enter <label>." when blank. */
export function nameRules(t: TFunction, label: string = t('user.fields.name')): FormRule[] {
  return [enter(t, label), maxChars(t, 64)];
}

export function phoneRules(t: TFunction): FormRule[] {
  return [{ validator: (_, value?: string) => (isPhone(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('user.validation.phone')))) }];
}

export function emailRules(t: TFunction): FormRule[] {
  return [emailList(t), maxChars(t, 512)];
}

export function passwordRules(t: TFunction, label: string): FormRule[] {
  return [
    { ...enter(t, label), whitespace: false },
    {
      validator: (_, value?: string) =>
        !value || isPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('user.validation.passwordRule', { min: PASSWORD_MIN }))),
    },
  ];
}

/** The confirmation must repeat the field `other`. */
export function confirmRules(t: TFunction, other: string): FormRule[] {
  return [
    { required: true, message: t('user.validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_, value?: string) =>
        !value || value === getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(t('user.validation.confirmMismatch'))),
    }),
  ];
}

export function aboutUsRules(t: TFunction): FormRule[] {
  return [
    {
      validator: (_, value?: string) =>
        (value ?? '').trim().length >= ABOUT_US_MIN
          ? Promise.resolve()
          : Promise.reject(new Error(t('user.validation.aboutUs', { min: ABOUT_US_MIN }))),
    },
    maxChars(t, 2000),
  ];
}
