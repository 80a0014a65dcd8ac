/** The validators of validators.ts as antd form rules, with the translated messages. */
import type { FormRule } from 'antd';
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

export function useFormRules() {
  const { t } = useTranslation();
  return useMemo(() => {
    const rule = (check: Check): FormRule => ({
      validator: (_, value) => {
        const key = check(value);
        return key ? Promise.reject(new Error(t(`device.validation.${key}`))) : Promise.resolve();
      },
    });
    return {
      rule,
      name: rule(checkName),
      required: rule(checkRequired),
      serialNumber: rule(checkSerialNumber),
      port: rule(checkPort),
      latitude: rule(checkLatitude),
      longitude: rule(checkLongitude),
      positive: rule((v) => checkPositive(v)),
      notNegative: rule(checkNotNegative),
      protocolVersion: rule(checkProtocolVersion),
    };
  }, [t]);
}
