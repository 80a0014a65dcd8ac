import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { showOnField, type ServerFieldMap } from '@/components/form-refusal';

/**
 * Submitting a dialog's form: the fields are checked first ("form validation failed, please check"
 * when one is wrong), then `save` runs. A server refusal about one of the form's fields shows under
 * that field (`serverFields` maps the request's names the form names differently); any other was
 * shown by the client (or by `save` for quiet calls), so the dialog just stays open for a correction.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<unknown>, serverFields?: ServerFieldMap) {
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
      showOnField(form, error, serverFields);
    }
  };
}

/**
 * A quiet call's failure, shown by the dialog itself: under its field when the form has it, else as an
 * error message (`failureText`).
 */
export function useShowFailure<V>(form: FormInstance<V>, fallback: string, serverFields?: ServerFieldMap) {
  const { message } = App.useApp();
  return (error: unknown) => {
    if (!showOnField(form, error, serverFields)) void message.error(failureText(error, fallback), 5);
  };
}

/** The text of a failure the client did not show (a quiet call). */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.kind === 'code') return error.message;
  return fallback;
}
