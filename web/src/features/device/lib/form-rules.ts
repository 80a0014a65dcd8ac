/**
 * The validators of validators.ts as antd form rules, with the translated messages. An empty or
 * too long field says it with the console's shared form messages (src/lib/form-rules.ts):
 * "Enter <label>." for a text or number, "Choose <label>." for a drop-down, so each rule that can
 * meet an empty field takes the label the form shows.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldInSentence } from '@/lib/form-rules';
import {
  checkLatitude,
  checkLongitude,
  checkName,
  checkNotNegative,
  checkPort,
  checkPositive,
  checkProtocolVersion,
  checkRequired,
  checkSerialNumber,
  type ValidationKey,
} from './validators';

type Check = (value: unknown) => ValidationKey | null;

/** How an empty field is asked for: typed in, or chosen from a list. */
export type FieldKind = 'enter' | 'choose';

/** The message of a check's answer; `label` names the field when it is empty. */
export function validationMessage(t: TFunction, key: ValidationKey, label = '', kind: FieldKind = 'enter'): string {
  if (key === 'required') return t(`form.${kind}`, { field: fieldInSentence(label) });
  if (key === 'tooLong') return t('form.tooLong', { max: 64 });
  return t(`device.validation.${key}`);
}

export function useFormRules() {
  const { t } = useTranslation();
  return useMemo(() => {
    const rule = (check: Check, label?: string, kind?: FieldKind): FormRule => ({
      validator: (_, value) => {
        const key = check(value);
        return key ? Promise.reject(new Error(validationMessage(t, key, label, kind))) : Promise.resolve();
      },
    });
    return {
      rule,
      name: (label: string) => rule(checkName, label),
      /** A drop-down or picker that must hold a choice. */
      required: (label: string) => rule(checkRequired, label, 'choose'),
      serialNumber: (label: string) => rule(checkSerialNumber, label),
      port: rule(checkPort),
      latitude: rule(checkLatitude),
      longitude: rule(checkLongitude),
      positive: (label: string) => rule((v) => checkPositive(v), label),
      notNegative: rule(checkNotNegative),
      protocolVersion: rule(checkProtocolVersion),
    };
  }, [t]);
}
