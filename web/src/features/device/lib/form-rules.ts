/**
 * The validators of validators.ts as antd form rules, with the translated messages. An empty or
 * too long field says it with the console's shared form messages (src/lib/form-rules.ts): "Fill
 * in this field." for a text or number, "Choose an option." for a drop-down, each a sentence of
 * its own under the field (never built from the label, issue 48 item 8).
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The message of a check's answer (`kind`: how an empty field is asked for). */
export function validationMessage(t: TFunction, key: ValidationKey, _label = '', kind: FieldKind = 'enter'): string {
  if (key === 'required') return t(`form.${kind}`);
  if (key === 'tooLong') return t('form.tooLong', { count: 64 });
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
