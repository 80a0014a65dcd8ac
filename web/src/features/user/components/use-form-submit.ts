import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';

/**
 * Submitting a dialog's form: the fields are checked first ("form validation failed, please check"
 * when one is wrong), then `save` runs. A server refusal was already shown by the client (or by
 * `save` for quiet calls), so the dialog just stays open for a correction.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('user.validation.formInvalid'));
      return;
    }
    try {
      await save(values);
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  };
}

/** The text of a failure the client did not show (a quiet call). */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'code') return error.message;
  return fallback;
}
