import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { IncidentAck } from './incident-ack';

const SLOW = { timeout: 10_000 };
const { fetchMock, bodiesTo } = fakeServer();

beforeAll(() => readIn('en'));

describe('the alarm pop-up’s Acknowledge', () => {
  it('acknowledges the open incident of the alarm and says so', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/incident/list' ? envelope({ list: [{ incidentId: 41 }], total: 1, pageNum: 1, pageSize: 1 }) : envelope({ incidentId: 41 }),
    );
    renderWithClient(<IncidentAck warnId={900} />);
    fireEvent.click(await screen.findByTestId('popup-incident-ack', {}, SLOW));
    await waitFor(() => expect(bodiesTo('/api/incident/acknowledge')).toEqual([{ incidentId: 41 }]), SLOW);
    expect(bodiesTo('/api/incident/list')).toEqual([{ warnId: 900, state: ['open'], pageSize: 1, currentPage: 1 }]);
    expect(await screen.findByTestId('popup-incident-acked', {}, SLOW)).toHaveTextContent('Incident acknowledged.');
  });

  it('shows nothing for an alarm without an open incident', async () => {
    fetchMock.mockImplementation(async () => envelope({ list: [], total: 0, pageNum: 1, pageSize: 1 }));
    renderWithClient(<IncidentAck warnId={901} />);
    await waitFor(() => expect(bodiesTo('/api/incident/list')).toHaveLength(1), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('popup-incident-ack')).toBeNull();
  });
});
