import { Card, Progress, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsumables } from '@/api/device/consumables';
import type { Consumable } from '@/api/device/types';
import { QueryState } from '@/components/query-state';
import { consumableName } from '@/lib/consumable-name';
import { formatDay, formatHours } from '../../lib/format';

/** How much of its life a consumable has used, in percent (over 100 when overdue). */
export function lifeUsedPercent(item: Pick<Consumable, 'usedHours' | 'lifeHours'>): number {
  if (!item.lifeHours || item.lifeHours <= 0) return 0;
  return Math.round((item.usedHours / item.lifeHours) * 100);
}

function barColor(percent: number, due: boolean): string {
  if (due || percent >= 100) return '#d1495b';
  if (percent >= 80) return '#f0a202';
  return '#2f9e44';
}

/** The seven consumables with life bars: used of life hours, due ones in red. */
export function ConsumablesCard({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const consumables = useConsumables(serial);
  return (
    <Card size="small" title={t('fleet.info.consumables')} data-testid="consumables">
      <QueryState query={consumables} rows={6}>
        {(consumables.data?.list ?? []).map((item) => {
          const percent = lifeUsedPercent(item);
          const name = consumableName(t, item.kind, item.name);
          return (
            <div key={item.kind} className="cf-fleet-consumable">
              <Tooltip title={item.replaceDate ? t('fleet.info.replaced', { date: formatDay(item.replaceDate) }) : undefined}>
                <Typography.Text>{name}</Typography.Text>
              </Tooltip>
              {item.configured ? (
                <Tooltip title={t('fleet.info.lifeUsed', { used: formatHours(item.usedHours), life: formatHours(item.lifeHours) })}>
                  <Progress
                    percent={Math.min(percent, 100)}
                    strokeColor={barColor(percent, item.due)}
                    status={item.due || percent >= 100 ? 'exception' : 'normal'}
                    format={() => `${percent}%`}
                    size="small"
                    aria-label={name}
                  />
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">{t('fleet.info.notConfigured')}</Typography.Text>
              )}
              {item.due ? <Tag color="error">{t('fleet.info.due')}</Tag> : <span />}
            </div>
          );
        })}
      </QueryState>
    </Card>
  );
}
