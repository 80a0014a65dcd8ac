import { render, screen } from '@testing-library/react';
import { ConfigProvider, Table } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { logColumns } from './log-page';
import type { LogRow } from './api/oplog';

beforeAll(async () => {
  i18n.addResourceBundle('ar', 'translation', await loadMessages('ar'));
  await i18n.changeLanguage('ar');
});

afterAll(async () => {
  await i18n.changeLanguage('en');
});

const row: LogRow = {
  id: 1, userId: 1, account: 'مدير', shadow: false, call: '/api/login', target: 'مصعد Tower lift: تم الإنشاء',
  ip: '::1', platform: 'web', time: '2026-11-23T09:05:00Z',
};

/** The element that keeps `text` in its own direction: a <bdi dir="ltr"> holding exactly that text. */
function ltrIsolate(text: string): HTMLElement | null {
  const found = screen.getByText(text);
  return found.closest('bdi[dir="ltr"]');
}

describe('the operation log in an Arabic console', () => {
  it('keeps calls, addresses and times left to right ("/login", never "login/"), other texts in their own', () => {
    render(
      <ConfigProvider direction="rtl">
        <div dir="rtl">
          <Table<LogRow> rowKey="id" columns={logColumns(i18n.t)} dataSource={[row]} pagination={false} />
        </div>
      </ConfigProvider>,
    );
    expect(ltrIsolate('/login')).toHaveTextContent(/^\/login$/);
    expect(ltrIsolate('::1')).not.toBeNull();
    const time = screen.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(time.closest('bdi[dir="ltr"]')).not.toBeNull();
    // an account name and what changed keep their own direction (Arabic here), isolated from their neighbours
    for (const text of ['مدير', 'مصعد Tower lift: تم الإنشاء']) {
      expect(screen.getByText(text).tagName).toBe('BDI');
      expect(screen.getByText(text)).not.toHaveAttribute('dir');
    }
  });

  it('names the API token a change was made with by its name and id (names are reused, ids never)', () => {
    render(<Table<LogRow> rowKey="id" columns={logColumns(i18n.t)} dataSource={[{ ...row, token: 'Facility sync', tokenId: 12 }]} pagination={false} />);
    expect(screen.getByTestId('log-via-token')).toHaveTextContent('Facility sync #12');
  });
});
