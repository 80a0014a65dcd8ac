import { Descriptions, Drawer, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '../api/alarms';
import { STATE_COLORS } from '../lib/alarm-names';

const TIME = 'YYYY-MM-DD HH:mm:ss';
const when = (value: string | null | undefined) => (value ? dayjs(value).format(TIME) : '—');

/** One alarm's details: what the robot said, when, and who resolved it how. */
export function AlarmDetail({ alarm, text, onClose }: { alarm: Alarm; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open title={t('warn.detail.title')} onClose={onClose} width={480} data-testid="alarm-detail">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('warn.columns.device')}>
          {alarm.deviceName} · <bdi>{alarm.deviceSerialNumber}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('warn.columns.content')}>
          <bdi>{text}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.robotText')}>{alarm.content || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('warn.columns.code')}>{alarm.code || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.key')}>{alarm.key || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('warn.filters.type')}>{t(`warn.types.${alarm.type === 'reminder' ? 'reminder' : 'alarm'}`)}</Descriptions.Item>
        <Descriptions.Item label={t('warn.columns.level')}>{t(`monitor.alarm.levels.${String(alarm.level) as '1'}`)}</Descriptions.Item>
        <Descriptions.Item label={t('warn.columns.time')}>{when(alarm.time)}</Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.cleared')}>{when(alarm.clearedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('warn.columns.state')}>
          <Tag color={STATE_COLORS[alarm.state]}>{t(`warn.states.${alarm.state as 'resolved'}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.resolution')}>
          {alarm.resolution ? t(`warn.resolutions.${alarm.resolution as 'release'}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.resolvedBy')}>{alarm.resolvedBy || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('warn.detail.resolvedAt')}>{when(alarm.resolvedAt)}</Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}
