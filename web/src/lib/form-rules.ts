/**
 * The one set of form rules and messages (texts in src/i18n/form, `form.*`): every form says
 * "Fill in this field." for an empty text or number field, "Choose an option." for an empty
 * drop-down, date, picker or check list, the same "at most N characters" (in the language's plural
 * form), and an e-mail error that never repeats what was typed. Each message is a sentence of its
 * own, shown under the field whose label names it: a label is never spliced into a sentence (issue
 * 48 item 8: "Enter window opens." read oddly, German nested its quotes). The rules still take the
 * label, so a call says which field it guards:
 *
 *   <Form.Item name="name" label={label} rules={[enter(t, label), maxChars(t, 64)]}>
 *   <Form.Item name="typeId" label={typeLabel} rules={[choose(t, typeLabel)]}>
 *
 * A rule with a message of its own stays only where the field's rule says more than "empty" (a
 * pattern, a password's strength, two passwords that differ).
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A text or number field that must not be empty (blank spaces count as empty). A validator rather
 * than antd's `whitespace` flag: that flag makes async-validator check the value is a string, so a
 * filled number field (450) was refused with "Enter …".
 */
export function enter(t: TFunction, _label: string): FormRule {
  const message = t('form.enter');
  return {
    required: true,
    message,
    validator: (_, value: unknown) => (isBlank(value) ? Promise.reject(new Error(message)) : Promise.resolve()),
  };
}

/** A drop-down, date, picker, check list or upload that must hold a choice (at least one, for a list). */
export function choose(t: TFunction, _label: string): FormRule {
  return { required: true, message: t('form.choose') };
}

export function maxChars(t: TFunction, max: number): FormRule {
  return { max, message: t('form.tooLong', { count: max }) };
}

export function minChars(t: TFunction, min: number): FormRule {
  return { min, message: t('form.tooShort', { count: min }) };
}

/** A number from `min` to `max` (both included); `whole` refuses fractions. */
export function numberBetween(t: TFunction, min: number, max: number, whole = false): FormRule {
  return {
    validator: (_, value?: number | null) => {
      if (value === undefined || value === null) return Promise.resolve();
      if (whole && !Number.isInteger(value)) return Promise.reject(new Error(t('form.whole')));
      return value >= min && value <= max ? Promise.resolve() : Promise.reject(new Error(t('form.range', { min, max })));
    },
  };
}

/** One mailbox: local@domain.tld, the domain ending in 1 to 6 letters (the server's rule). */
export const MAILBOX_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{1,6}$/;

/** One e-mail address (empty passes: add `enter` when it is required). */
export function email(t: TFunction): FormRule {
  return { pattern: MAILBOX_PATTERN, message: t('form.email') };
}

/**
 * A comma-separated list of addresses; a wrong one is named by its position ("Address number 2
 * …"), never echoed: the field shows it already, and a long input made the message unreadable.
 */
export function emailList(t: TFunction): FormRule {
  return {
    validator: (_, value?: string) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      const bad = entries.findIndex((entry) => !MAILBOX_PATTERN.test(entry));
      return bad < 0 ? Promise.resolve() : Promise.reject(new Error(t('form.emailInList', { position: bad + 1 })));
    },
  };
}
