/**
 * A server refusal shown under the form field it concerns.
 *
 * The server names the request field a refusal is about (`{"message": {"code", "message", "field"}}`,
 * e.g. "account" for a taken login name). A form that has that field shows the message under it
 * (red, like its own validation) and the client's toast for it is cancelled; a refusal without a field,
 * or with one the form does not show, is toasted as before. The client holds a field refusal's toast
 * back until the code awaiting the call has run (`ApiError.toastUnlessClaimed`), so no call needs an
 * option for this: the form claims the error in its `catch`.
 *
 * Where a form names a field differently from the request it sends, it passes a map next to the form
 * (`{ deviceSerialNumber: 'serial' }`); a nested field arrives as a dotted path ("items.0.name").
 */
import type { FormInstance } from 'antd';
import { isApiError } from '@/api/errors';

type FieldName = string | number | (string | number)[];

/** Server field name → the form's field name, for the fields a form names differently. */
export type ServerFieldMap = Readonly<Record<string, FieldName>>;

function path(name: FieldName): (string | number)[] {
  return Array.isArray(name) ? name : [name];
}

function fromServer(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The form's registered field a server field name refers to, or null when the form has none. */
export function formFieldOf(form: FormInstance, serverField: string, map?: ServerFieldMap): (string | number)[] | null {
  const mapped = map && Object.hasOwn(map, serverField) ? path(map[serverField] as FieldName) : fromServer(serverField);
  const same = (name: (string | number)[]) => name.length === mapped.length && name.every((part, i) => String(part) === String(mapped[i]));
  return form.getFieldsError().some((entry) => same(entry.name)) ? mapped : null;
}

/**
 * Show a refused save's message under its field when the form has that field: true when it did (the
 * toast, if any, is cancelled); false for anything else (not a refusal, no field, a field the form lacks,
 * already toasted), which the caller leaves to the toast or shows itself.
 */
export function showOnField(form: FormInstance, error: unknown, map?: ServerFieldMap): boolean {
  if (!isApiError(error) || error.kind !== 'code' || error.field === null) return false;
  const name = formFieldOf(form, error.field, map);
  if (name === null || !error.claim()) return false;
  form.setFields([{ name, errors: [error.message] }]);
  form.scrollToField(name, { block: 'nearest' });
  return true;
}

/** A dialog's `submit().catch(...)`: a refusal about one of the form's fields goes under it; the rest was toasted. */
export function onRefusal(form: FormInstance, map?: ServerFieldMap): (error: unknown) => void {
  return (error) => void showOnField(form, error, map);
}
