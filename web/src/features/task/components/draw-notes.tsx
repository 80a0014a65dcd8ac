import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZoneConflicts as Conflicts } from '../lib/zones';

/** Names the forbidden zones the drawn area runs into, and the one the start point lies in (nothing when none). */
export function ZoneConflicts({ conflicts }: { conflicts: Conflicts }) {
  const { t } = useTranslation();
  if (conflicts.area.length === 0 && conflicts.start === null) return null;
  const text = [
    conflicts.area.length ? t('task.draw.areaInZone', { zones: conflicts.area.map((i) => i + 1).join(', ') }) : '',
    conflicts.start !== null ? t('task.draw.startInZone', { zone: conflicts.start + 1 }) : '',
  ];
  return <Alert type="error" showIcon style={{ marginBottom: 8 }} data-testid="draw-zone-conflict" message={text.filter(Boolean).join(' ')} />;
}

/** What the robot says the drawn task would cover: area, path length and time. */
export function PreviewFigures({ preview }: { preview: { area: number; durationS: number; pathLength: number } }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={3} style={{ marginTop: 8 }} data-testid="task-preview-result">
      <Descriptions.Item label={t('task.draw.previewArea')}>{preview.area} m²</Descriptions.Item>
      <Descriptions.Item label={t('task.draw.previewLength')}>{preview.pathLength} m</Descriptions.Item>
      <Descriptions.Item label={t('task.draw.previewTime')}>{Math.round(preview.durationS / 60)} min</Descriptions.Item>
    </Descriptions>
  );
}
