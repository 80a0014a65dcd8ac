import { render, screen } from '@testing-library/react';
import { ConfigProvider, Table } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { auditColumns } from './audit-page';
import type { AuditRow } from './api/audit';

const row: AuditRow = {
  id: 7, at: '2026-11-26T08:05:00Z', kind: 'refused', outcome: 'refused', actorType: 'token', actorId: 3, actingId: 12,
  actorName: 'dealer1 (Lift sync)', address: '203.0.113.9', client: 'curl/8', target: '/api/user/insertUser',
  detail: '{"call":"/api/user/insertUser","field":null,"reason":"missing key"}', chain: '/1/12/', seq: 41, sealed: true,
};

describe('the audit trail', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('en', 'translation', await loadMessages('en'), true, true);
    await i18n.changeLanguage('en');
  });

  it('says who did what in words: the actor and its kind, the event and its outcome, the call without /api', () => {
    render(<Table<AuditRow> rowKey="id" columns={auditColumns(i18n.t)} dataSource={[row]} pagination={false} />);
    expect(screen.getByText('dealer1 (Lift sync)')).toBeInTheDocument();
    expect(screen.getByText('API token')).toBeInTheDocument();
    expect(screen.getByTestId('audit-event')).toHaveTextContent('Refused call Refused');
    expect(screen.getByText('/user/insertUser')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.9').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('shows a kind this console does not know yet by its name, not an empty cell', () => {
    render(<Table<AuditRow> rowKey="id" columns={auditColumns(i18n.t)} dataSource={[{ ...row, kind: 'export_made' as AuditRow['kind'], outcome: 'ok' }]} pagination={false} />);
    expect(screen.getByTestId('audit-event')).toHaveTextContent('export_made Done');
  });
});

describe('the audit trail in an Arabic console', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('ar', 'translation', await loadMessages('ar'), true, true);
    await i18n.changeLanguage('ar');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps addresses and calls left to right', () => {
    render(
      <ConfigProvider direction="rtl">
        <div dir="rtl"><Table<AuditRow> rowKey="id" columns={auditColumns(i18n.t)} dataSource={[row]} pagination={false} /></div>
      </ConfigProvider>,
    );
    expect(screen.getByText('/user/insertUser').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('رمز API')).toBeInTheDocument();
  });
});
