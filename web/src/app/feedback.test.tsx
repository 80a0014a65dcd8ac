import { act, fireEvent, render, screen } from '@testing-library/react';
// antd/es as the build resolves it (Vitest would take the CommonJS 'antd', whose App context is another object)
import App from 'antd/es/app';
import { describe, expect, it } from 'vitest';
import { Feedback } from './feedback';
import { notifyError } from './notifier';

function ConfirmThenToast() {
  const { modal, message } = App.useApp();
  const ask = () =>
    modal.confirm({
      title: 'Clear data?',
      okText: 'Clear',
      onOk: () => void message.success('Data cleared.'),
    });
  return (
    <button type="button" onClick={ask}>
      ask
    </button>
  );
}

// one file, in order: the first test runs before the hooks' chunk has loaded, the second after
describe('Feedback (antd message, notification and modal hooks loaded after the first paint)', () => {
  it('shows a toast asked for before the hooks had loaded, once they have', async () => {
    act(() => notifyError('The server cannot be reached.', 5));
    render(
      <Feedback>
        <p>page</p>
      </Feedback>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(await screen.findByText('The server cannot be reached.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);

  it("answers App.useApp() with the real hooks: a confirm's OK shows its toast", async () => {
    render(
      <Feedback>
        <ConfirmThenToast />
      </Feedback>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Clear data?');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Data cleared.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});
