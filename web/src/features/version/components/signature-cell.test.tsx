import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { Firmware } from '../api/firmware';
import { SignatureCell } from './signature-cell';

const SLOW = { timeout: 10_000 };

const firmware = (fields: Partial<Firmware>): Firmware =>
  ({
    id: 1, versionId: 1, name: 'FW', version: 'FW-5.0.0', description: '', enabled: true, deviceTypes: [], fileName: 'fw.bin',
    size: 10, sha256: 'a'.repeat(64), updating: 0, updated: 0, createTime: '', updateTime: '', signed: false, signedBy: '',
    signedKeys: [], signedAt: '', targetPath: '', allowUnsigned: false, ...fields,
  }) as Firmware;

describe('who signed a firmware (issue 47 item 2)', () => {
  beforeAll(() => readIn('en'));

  it('names the publisher, the key and the time of a signed firmware', async () => {
    renderWithClient(
      <SignatureCell firmware={firmware({ signed: true, signedBy: 'ACME Robotics firmware', signedKeys: ['bc46bad62b3a6ba52e72'], signedAt: '2026-11-20T09:30:00+00:00', targetPath: 'firmware/FW-5.0.0/fw.bin' })} />,
    );
    expect(await screen.findByText('Signed by ACME Robotics firmware', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('signature-FW')).toHaveTextContent(/key bc46bad62b3a/);
  });

  it('shows an unsigned firmware as allowed for older robots, or as not publishable', async () => {
    const { unmount } = renderWithClient(<SignatureCell firmware={firmware({ allowUnsigned: true })} />);
    expect(await screen.findByText('Unsigned allowed (older robots)', {}, SLOW)).toBeInTheDocument();
    unmount();
    renderWithClient(<SignatureCell firmware={firmware({})} />);
    expect(await screen.findByText('Unsigned: cannot be published', {}, SLOW)).toBeInTheDocument();
  });
});
