import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** "At most N characters", the limits of the server's fields. */
export function maxChars(t: TFunction, max: number): Rule {
  return { max, message: t('fleet.common.tooLong', { max }) };
}

/** Required, with the field's own message; blanks do not count. */
export function required(message: string): Rule {
  return { required: true, whitespace: true, message };
}
