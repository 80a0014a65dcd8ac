import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAllDevices } from '@/api/device/devices';
import { linkedRange } from '@/lib/day-range';
import { useCan } from '@/lib/use-can';
import { AlarmList } from './components/alarm-list';
import { DeleteBeforeDialog } from './components/delete-before-dialog';
import { WeekChart } from './components/week-chart';

const PAGE = 'device/warn';

/** A new link's days start the list anew (its filters are its own state). */
const linkKey = (params: URLSearchParams) => `${params.get('startDate') ?? ''}-${params.get('endDate') ?? ''}`;

/**
 * A device's alarms (device/warn, `?deviceId=<id>`, optionally `&startDate=…&endDate=…`: robot health's evidence
 * opens the list filtered to its window): pick a robot, see its week and its alarms, resolve or delete them, and
 * delete its alarms before a day.
 */
export default function DeviceAlarmsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState(false);
  const deviceId = Number(params.get('deviceId')) || undefined;
  const robots = useAllDevices();
  const robot = robots.data?.find((r) => r.deviceId === deviceId);
  const name = robot ? `${robot.deviceCode} (${robot.deviceSerialNumber})` : String(deviceId ?? '');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="device-alarms">
      <Card size="small">
        <Space wrap>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={robots.isPending}
            placeholder={t('warn.device.pick')}
            aria-label={t('warn.device.pick')}
            value={deviceId}
            onChange={(id: number) => setParams({ deviceId: String(id) })}
            options={(robots.data ?? []).map((r) => ({ value: r.deviceId, label: `${r.deviceCode} · ${r.deviceSerialNumber}` }))}
            style={{ minWidth: 280 }}
            data-testid="device-alarm-robot"
          />
          {deviceId && can(`${PAGE}/delete`) ? (
            <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} data-testid="delete-before">
              {t('warn.delete.beforeButton')}
            </Button>
          ) : null}
        </Space>
      </Card>
      {deviceId ? (
        <>
          <WeekChart filter={{ deviceId }} />
          <Card size="small" title={t('warn.device.title', { device: name })}>
            <AlarmList key={linkKey(params)} page={PAGE} deviceId={deviceId} ownerFilter={false} initialRange={linkedRange(params) ?? null} />
          </Card>
        </>
      ) : (
        <Card>
          <Empty description={t('warn.device.pickHint')} />
        </Card>
      )}
      {deleting && deviceId ? <DeleteBeforeDialog deviceId={deviceId} device={name} onClose={() => setDeleting(false)} /> : null}
    </Space>
  );
}
