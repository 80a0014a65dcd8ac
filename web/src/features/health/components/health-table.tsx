import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HealthPage, HealthRow } from '@/api/robothealth/health';
import { GradeTag, HealthReasons } from '@/components/health-reasons';
import { ResponsiveTable } from '@/components/responsive-table';
import { useDeviceLinks } from '@/lib/device-links';

interface Props {
  page: HealthPage;
  loading: boolean;
  onPage: (page: number) => void;
  emptyText: string;
}

/** The robots, drifting first: name (to the device page's health panel), grade, reasons with evidence, peers. */
export function HealthTable({ page, loading, onPage, emptyText }: Props) {
  const { t } = useTranslation();
  const links = useDeviceLinks();
  const columns: ColumnsType<HealthRow> = [
    {
      title: t('health.columns.robot'),
      key: 'robot',
      width: 220,
      render: (_, row) => {
        const name = (
          <>
            <bdi>{row.deviceCode}</bdi> <span className="cf-health-muted"><bdi>{row.deviceSerialNumber}</bdi></span>
          </>
        );
        return links.deviceInfo ? <Link to={`${links.deviceInfo(row.deviceId)}#health`}>{name}</Link> : name;
      },
    },
    { title: t('health.columns.grade'), key: 'grade', width: 170, render: (_, row) => <GradeTag grade={row.grade} /> },
    { title: t('health.columns.reasons'), key: 'reasons', render: (_, row) => <HealthReasons reasons={row.reasons} /> },
    { title: t('health.columns.type'), dataIndex: 'typeName', key: 'type', width: 150, ellipsis: true },
    { title: t('health.columns.peers'), key: 'peers', width: 200, render: (_, row) => t(`health.basis.${row.peerBasis}`, { count: row.peers }) },
  ];
  return (
    <ResponsiveTable<HealthRow>
      size="small"
      rowKey="deviceId"
      columns={columns}
      dataSource={page.list}
      loading={loading}
      locale={{ emptyText }}
      data-testid="health-table"
      cardTestId="health-card"
      pagination={{ current: page.pageNum, pageSize: page.pageSize, total: page.total, onChange: onPage, showSizeChanger: false }}
    />
  );
}
