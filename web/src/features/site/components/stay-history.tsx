import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeLines } from '@/components/date-time-lines';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { formatTime } from '@/lib/format';
import { useRobotHistory, type RobotStay } from '../api/site-robots';

const PAGE_SIZE = 10;

/** The robots' stays at a site, latest first: who came when and left when (still here while open). */
export function StayHistory({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useRobotHistory(siteId, page, PAGE_SIZE);
  const columns: ColumnsType<RobotStay> = [
    { title: t('site.robots.robot'), key: 'robot', render: (_, s) => `${s.deviceCode} · ${s.deviceSerialNumber}` },
    { title: t('site.robots.from'), key: 'from', render: (_, s) => <DateTimeLines text={formatTime(s.fromTime)} /> },
    {
      title: t('site.robots.to'),
      key: 'to',
      render: (_, s) => (s.toTime ? <DateTimeLines text={formatTime(s.toTime)} /> : <Tag color="green">{t('site.robots.stillHere')}</Tag>),
    },
  ];
  return (
    <QueryState query={history}>
      <ResponsiveTable<RobotStay>
        size="small"
        rowKey={(s) => `${s.deviceId}:${s.fromTime}`}
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching && !history.isPending}
        locale={{ emptyText: t('site.robots.noHistory') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="site-stays"
      />
    </QueryState>
  );
}
