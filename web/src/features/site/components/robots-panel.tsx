import { Alert, App, Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeLines } from '@/components/date-time-lines';
import { DeleteButton } from '@/components/delete-button';
import { DevicePicker } from '@/components/device-picker';
import { ResponsiveTable } from '@/components/responsive-table';
import { formatTime } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import type { SiteDetail, SiteRobot } from '../api/sites';
import { useAssignRobots, useUnassignRobots } from '../api/site-robots';
import { StayHistory } from './stay-history';

const ROBOTS = 'site/index/robots';

/** The robots at a site now (bring more with the device picker, take one away after a confirmation) and their stays. */
export function RobotsPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const assign = useAssignRobots();
  const unassign = useUnassignRobots();
  const [chosen, setChosen] = useState<number[]>([]);
  const canMove = can(ROBOTS);

  const assignChosen = () =>
    assign
      .mutateAsync({ siteId: site.siteId, deviceIds: chosen })
      .then(() => {
        setChosen([]);
        void message.success(t('site.robots.assigned'));
      })
      .catch(() => undefined);

  const columns: ColumnsType<SiteRobot> = [
    { title: t('site.robots.robot'), dataIndex: 'deviceCode', key: 'robot' },
    { title: t('site.robots.serial'), dataIndex: 'deviceSerialNumber', key: 'serial' },
    { title: t('site.robots.since'), key: 'since', render: (_, r) => <DateTimeLines text={formatTime(r.since)} /> },
  ];
  if (canMove) {
    columns.push({
      title: t('site.list.actions'),
      key: 'actions',
      render: (_, r) => (
        <DeleteButton
          label={t('site.robots.unassign')}
          okText={t('site.robots.unassign')}
          confirm={t('site.robots.unassignConfirm', { name: r.deviceCode })}
          successText={t('site.robots.unassigned')}
          onDelete={() => unassign.mutateAsync({ siteId: site.siteId, deviceIds: [r.deviceId] })}
          testId={`unassign-${r.deviceSerialNumber}`}
        />
      ),
    });
  }

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-robots">
      {canMove ? (
        <>
          <div className="cf-site-assign">
            <DevicePicker<number[]>
              multiple
              value={chosen}
              onChange={(ids) => setChosen(ids ?? [])}
              placeholder={t('site.robots.assignPlaceholder')}
              style={{ flex: '1 1 260px', minWidth: 0 }}
              data-testid="assign-robots"
            />
            <Button type="primary" disabled={chosen.length === 0} loading={assign.isPending} onClick={() => void assignChosen()} data-testid="assign-robots-button">
              {t('site.robots.assign')}
            </Button>
          </div>
          <Typography.Text type="secondary">{t('site.robots.moveNote')}</Typography.Text>
        </>
      ) : null}
      <Typography.Title level={5} className="cf-site-subtitle">
        {t('site.robots.current')}
      </Typography.Title>
      <ResponsiveTable<SiteRobot>
        size="small"
        rowKey="deviceId"
        columns={columns}
        dataSource={site.robots}
        pagination={false}
        locale={{ emptyText: t('site.robots.none') }}
        cardTestId="site-robot"
        data-testid="site-robot-table"
      />
      {site.robots.length === 0 && site.buildings.some((b) => b.floors.some((f) => f.maps.length > 0)) ? (
        <Alert type="info" showIcon title={t('site.robots.noneHint')} />
      ) : null}
      <Typography.Title level={5} className="cf-site-subtitle">
        {t('site.robots.history')}
      </Typography.Title>
      <StayHistory siteId={site.siteId} />
    </Space>
  );
}
