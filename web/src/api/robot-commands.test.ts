// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/locales/en';
import { i18n } from '@/i18n/instance';
import { envelope, fakeServer } from '@/test/api';
import { post } from './client';
import { ApiError } from './errors';
import { relayCall } from './relay';

const { fetchMock, notifyError } = fakeServer();
const REASON = en.api.robotCommandOffline;

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', en);
  await i18n.changeLanguage('en');
});

afterEach(() => vi.restoreAllMocks());

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('commands to robots while the browser is offline', () => {
  it('are refused at once with the reason, never sent later', async () => {
    offline();
    const refused = await post('/api/task/pause', { deviceId: 3 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ kind: 'offline', message: REASON });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notifyError).toHaveBeenCalledWith(REASON, 5);
    const control = await post('/api/device/control/take', { deviceId: 3, minutes: 10 }).catch((error: unknown) => error);
    expect(control).toMatchObject({ kind: 'offline' });
    const moved = await relayCall({ deviceId: 3, port: 9000 }, 'api1/move', { body: { x: 1 } }).catch((error: unknown) => error);
    expect(moved).toMatchObject({ kind: 'offline', message: REASON });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('go with a connection, and other calls are not held back offline', async () => {
    fetchMock.mockImplementation(async () => envelope(null));
    await post('/api/task/pause', { deviceId: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    offline();
    await post('/api/incident/count', {}); // a read: the browser itself says whether it can go
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
