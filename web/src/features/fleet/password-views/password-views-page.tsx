import { KeyOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePasswordViews, type PasswordView } from '../api/passwords';
import { useDeviceLinks } from '@/lib/device-links';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { formatTime, orDash } from '../lib/format';
import '../components/fleet.css';
import { TableEmpty } from '../components/table-empty';
import { serverPaging } from '../components/pagination';

const PAGE_SIZE = 20;

/** Password access records: who looked at which device's maintenance password, and when. */
export default function PasswordViewsPage() {
  const { t } = useTranslation();
  const links = useDeviceLinks();
  const [serial, setSerial] = useState('');
  const [userId, setUserId] = useState<number>();
  const [filter, setFilter] = useState<{ deviceSerialNumber?: string; userId?: number; currentPage: number }>({ currentPage: 1 });
  const views = usePasswordViews({ ...filter, pageSize: PAGE_SIZE });

  const search = () => setFilter({ deviceSerialNumber: serial.trim() || undefined, userId, currentPage: 1 });

  const columns: ColumnsType<PasswordView> = [
    {
      title: t('fleet.common.device'),
      dataIndex: 'deviceCode',
      key: 'device',
      render: (name: string, row) => (links.deviceInfo ? <Link to={links.deviceInfo(row.deviceId)}>{name}</Link> : name),
    },
    {
      title: t('fleet.common.serialNumber'),
      dataIndex: 'deviceSerialNumber',
      key: 'serial',
      render: (value: string) => <span className="cf-fleet-mono">{value}</span>,
    },
    { title: t('fleet.passwordViews.viewer'), dataIndex: 'viewerAccount', key: 'viewer', render: orDash },
    { title: t('fleet.passwordViews.viewTime'), dataIndex: 'viewTime', key: 'time', render: (value: string) => formatTime(value) },
  ];

  return (
    <div className="cf-fleet" data-testid="password-views-page">
      <Alert type="info" showIcon icon={<KeyOutlined />} title={t('fleet.passwordViews.hint')} />
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('fleet.passwordViews.filterSerial')}
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
          />
          <OwnerFilter value={userId} onChange={(id) => setUserId(id ?? undefined)} />
          <Button type="primary" ghost icon={<SearchOutlined />} onClick={search}>
            {t('fleet.common.search')}
          </Button>
          <Typography.Text type="secondary" className="cf-fleet-toolbar__end">
            {t('fleet.passwordViews.total', { count: views.data?.total ?? 0 })}
          </Typography.Text>
        </div>
      </Card>
      <Card size="small">
        <QueryState query={views}>
          <Table<PasswordView>
            rowKey="id"
            columns={columns}
            dataSource={views.data?.list ?? []}
            loading={views.isFetching && !views.isPending}
            locale={{ emptyText: <TableEmpty text={t('fleet.common.empty')} /> }}
            pagination={serverPaging(filter.currentPage, PAGE_SIZE, views.data?.total ?? 0, (currentPage) => setFilter((f) => ({ ...f, currentPage })))}
          />
        </QueryState>
      </Card>
    </div>
  );
}
