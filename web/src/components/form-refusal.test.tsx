import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient, post } from '@/api/client';
import { ApiError } from '@/api/errors';
import { FormModal } from './form-modal';
import { formFieldOf, showOnField, type ServerFieldMap } from './form-refusal';
import { readIn } from '@/test/i18n';

const fetchMock = vi.fn<typeof fetch>();
const notifyError = vi.fn<(text: string, seconds: number) => void>();

const refusal = (code: number, message: string, field?: string) =>
  new Response(JSON.stringify({ message: { code, message, field }, data: null }), { status: 200 });

/** antd's dialog renders slowly in jsdom on a busy machine. */
const SLOW = { timeout: 10_000 };

/** Run whatever the current task queued (the client's held-back toast of a field refusal). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Values {
  account: string;
  serial: string;
}

/** A dialog that creates an account through the real client and a TanStack mutation, as the screens do. */
function CreateDialog({ serverFields, onClose = () => undefined }: { serverFields?: ServerFieldMap; onClose?: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useMutation({ mutationFn: (values: Values) => post('/api/user/insertUser', values as never) });
  return (
    <FormModal<Values>
      title="New account"
      form={form}
      onSave={(values) => create.mutateAsync(values)}
      onClose={onClose}
      saving={create.isPending}
      serverFields={serverFields}
      testId="create-form"
    >
      <Form.Item name="account" label="Account">
        <Input />
      </Form.Item>
      <Form.Item name="serial" label="Serial number">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

function renderDialog(props: Parameters<typeof CreateDialog>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <CreateDialog {...props} />
      </App>
    </QueryClientProvider>,
  );
}

async function save() {
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'userA1' } });
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  fetchMock.mockReset();
  notifyError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError });
});

afterEach(() => vi.unstubAllGlobals());

describe('a refused save in a form', { timeout: 30_000 }, () => {
  it('shows the message under the field it names, and no toast repeats it', async () => {
    fetchMock.mockResolvedValueOnce(refusal(10008, 'The account userA1 is already taken.', 'account'));
    const onClose = vi.fn<() => void>();
    renderDialog({ onClose });
    await save();
    const under = await screen.findByText('The account userA1 is already taken.', undefined, SLOW);
    expect(under.closest('.ant-form-item')).toHaveTextContent('Account');
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('maps a request field the form names differently', async () => {
    fetchMock.mockResolvedValueOnce(refusal(10008, 'The serial number CF1 is already registered.', 'deviceSerialNumber'));
    renderDialog({ serverFields: { deviceSerialNumber: 'serial' } });
    await save();
    const under = await screen.findByText('The serial number CF1 is already registered.', undefined, SLOW);
    expect(under.closest('.ant-form-item')).toHaveTextContent('Serial number');
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('keeps the toast for a field the form does not have', async () => {
    fetchMock.mockResolvedValueOnce(refusal(10004, 'You may not create accounts under this user.', 'parentId'));
    renderDialog();
    await save();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('You may not create accounts under this user.', 5), SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.ant-form-item-has-error')).toBeNull();
  });

  it('keeps the toast for a refusal without a field', async () => {
    fetchMock.mockResolvedValueOnce(refusal(10011, 'The server is busy.'));
    renderDialog();
    await save();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('The server is busy.', 5), SLOW);
    expect(document.querySelector('.ant-form-item-has-error')).toBeNull();
  });

  it('clears the message once the field is saved again', async () => {
    fetchMock.mockResolvedValueOnce(refusal(10008, 'The account userA1 is already taken.', 'account'));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: { code: 0, message: 'OK' }, data: {} })));
    const onClose = vi.fn<() => void>();
    renderDialog({ onClose });
    await save();
    await screen.findByText('The account userA1 is already taken.', undefined, SLOW);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'userA2' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

function withForm(check: (form: ReturnType<typeof Form.useForm>[0]) => void) {
  function Probe() {
    const [form] = Form.useForm();
    return (
      <Form form={form}>
        <Form.Item name="name">
          <Input />
        </Form.Item>
        <Form.List name="reminders" initialValue={[{ name: 'filter' }]}>
          {(fields) =>
            fields.map((field) => (
              <Form.Item key={field.key} name={[field.name, 'name']}>
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
        <button type="button" onClick={() => check(form)}>
          check
        </button>
      </Form>
    );
  }
  render(<Probe />);
  fireEvent.click(screen.getByRole('button', { name: 'check' }));
}

describe('formFieldOf', () => {
  it('finds a top-level field, a nested one by its dotted path, and nothing for an unknown one', () => {
    withForm((form) => {
      expect(formFieldOf(form, 'name')).toEqual(['name']);
      expect(formFieldOf(form, 'reminders.0.name')).toEqual(['reminders', 0, 'name']);
      expect(formFieldOf(form, 'reminders.1.name')).toBeNull();
      expect(formFieldOf(form, 'deviceId')).toBeNull();
      expect(formFieldOf(form, 'title', { title: 'name' })).toEqual(['name']);
    });
  });

  it('leaves anything but a server refusal alone', () => {
    withForm((form) => {
      expect(showOnField(form, new Error('boom'))).toBe(false);
      expect(showOnField(form, new ApiError('network', 'offline'))).toBe(false);
      expect(showOnField(form, new ApiError('code', 'taken', { code: 10008 }))).toBe(false);
    });
  });
});
