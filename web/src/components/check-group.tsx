import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

/**
 * Checkbox.Group for a form field. A required Form.Item marks its control `aria-required`, which ARIA does not
 * allow on the group's plain element (axe: aria-allowed-attr, critical): the group is announced as a group and
 * the required state stays in its label's mark and the error under it.
 */
export function CheckGroup<T>(props: CheckboxGroupProps<T> & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...rest } = props;
  return <Checkbox.Group<T> {...rest} {...{ role: 'group' }} />;
}
