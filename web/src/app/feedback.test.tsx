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

  it("shows a confirm asked for at once in the console that took the sign-in page's place", async () => {
    // the sign-in page's feedback, its hooks loaded, gives way to the console's (a new element): a dialog asked for
    // before the console's own hooks have loaded must not go to the sign-in page's, gone with it (issue 52: the
    // "Clear data" question lost right after signing in, on a busy page)
    const { rerender } = render(
      <Feedback key="sign-in">
        <p>sign-in page</p>
      </Feedback>,
    );
    act(() => notifyError('Signed in.', 5));
    expect(await screen.findByText('Signed in.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    rerender(
      <Feedback key="console">
        <ConfirmThenToast />
      </Feedback>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Clear data?');
  }, 20_000);
});
