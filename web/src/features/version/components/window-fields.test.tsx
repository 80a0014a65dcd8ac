import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { WINDOW_DEFAULTS, WindowFields } from './window-fields';

const SLOW = { timeout: 10_000 };

beforeAll(() => readIn('en'));

function Harness({ onValues }: { onValues: (values: unknown) => void }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ useWindow: true, window: WINDOW_DEFAULTS }} onFinish={onValues} data-testid="window-form">
      <WindowFields />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('the maintenance window’s fields (issue 48 item 11)', () => {
  it('refuses a minimum battery of 150 under its field and keeps what was typed, never cutting it to 100', async () => {
    const sent: unknown[] = [];
    renderWithClient(<Harness onValues={(values) => sent.push(values)} />);
    fireEvent.click(await screen.findByText('Maintenance window', {}, SLOW));
    const battery = (await screen.findByTestId('window-min-battery', {}, SLOW)) as HTMLInputElement;
    fireEvent.change(battery, { target: { value: '150' } });
    fireEvent.blur(battery);
    fireEvent.click(screen.getByText('Save'));
    const item = battery.closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('Enter a number from 0 to 100.', {}, SLOW)).toBeInTheDocument();
    expect(battery.value).toBe('150');
    await waitFor(() => expect(sent).toEqual([]));
  }, 30_000);
});
