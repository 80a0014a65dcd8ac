import { render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '@/lib/reduced-motion';
import { matchingMediaQueries } from '@/test/media';
import { Providers } from './providers';

/** The system's "reduce motion" setting, on or off, as the browser's media query reports it. */
function systemMotion(reduced: boolean) {
  matchingMediaQueries(...(reduced ? [REDUCED_MOTION_QUERY] : []));
}

function openDialog() {
  render(
    <Providers>
      <Modal open title="Delete device?">
        gone for good
      </Modal>
    </Providers>,
  );
  return screen.getByRole('dialog');
}

afterEach(() => vi.restoreAllMocks());

// antd places a dialog (its "prepare" step, a frame) either way; what differs is whether it then animates.
describe('Providers and the system setting "reduce motion"', () => {
  it('opens a dialog with antd zoom animation by default', async () => {
    systemMotion(false);
    const dialog = openDialog();
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-appear-active/));
  });

  it('opens a dialog at once, with no animation, when the system asks for less motion', async () => {
    systemMotion(true);
    const dialog = openDialog();
    expect(dialog).toHaveTextContent('gone for good');
    await waitFor(() => expect(dialog.className).not.toMatch(/ant-zoom/));
  });
});
