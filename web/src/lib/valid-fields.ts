import type { FormInstance } from 'antd';

/**
 * A form's values when every field is valid, else null. antd's `validateFields` rejects when a field is wrong
 * (the field already says why, under it); awaited in a dialog's `onOk={() => void save()}`, that rejection was
 * an uncaught page error on every failed save (issue 30 item 3). Anything else it rejects with is thrown on.
 *
 *   const values = await validFields(form);
 *   if (!values) return;
 *
 * (Dialogs built on `FormModal` need none of this: it catches its own save.)
 */
export async function validFields<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (isValidationFailure(error)) return null;
    throw error;
  }
}

/** antd's rejection of a form with a wrong field: `{ values, errorFields, outOfDate }`. */
export function isValidationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields);
}
