import { Button, Card, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineRobots, type OnlineRobot } from '../api/online-robots';
import { matchRobots } from '../lib/match-robots';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';

/** The online robots of the caller's subtree, searchable; one opens its remote control page (cards on a phone). */
export function RobotChooser({ onOpen }: { onOpen: (deviceId: number) => void }) {
  const { t } = useTranslation();
  const robots = useOnlineRobots();
  const [text, setText] = useState('');
  const shown = useMemo(() => matchRobots(robots.data ?? [], text), [robots.data, text]);
  return (
    <Card title={t('remote.chooser.title')} data-testid="robot-chooser">
      <Typography.Paragraph type="secondary">{t('remote.chooser.hint')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('remote.chooser.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ maxWidth: 360, marginBottom: 12 }}
        data-testid="robot-search"
      />
      <QueryState query={robots} empty={!robots.data?.length} emptyText={t('remote.chooser.empty')} failedTitle={t('remote.loadFailed')}>
        <ResponsiveTable<OnlineRobot>
          cardActionsKey="open"
          size="small"
          rowKey="deviceId"
          dataSource={shown}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('remote.chooser.noMatch') }}
          onRow={(robot) => ({ onClick: () => onOpen(robot.deviceId), style: { cursor: 'pointer' } })}
          columns={[
            { key: 'name', title: t('remote.chooser.name'), dataIndex: 'deviceCode' },
            { key: 'sn', title: t('remote.chooser.serial'), dataIndex: 'deviceSerialNumber', render: (sn: string) => <span className="cf-remote-mono">{sn}</span> },
            {
              key: 'open',
              title: '',
              align: 'end',
              render: (_, robot) => (
                <Button type="link" size="small" data-testid={`open-robot-${robot.deviceSerialNumber}`} onClick={() => onOpen(robot.deviceId)}>
                  {t('remote.chooser.open')}
                </Button>
              ),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
