import { HeatMapOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/lib/use-is-phone';
import type { ActualDetail } from '../api/actual';
import type { DayRange } from '../api/heatmap';
import { dayIn } from '../lib/clock';
import { HeatmapPanel, planFloors } from './heatmap-panel';

const DRAWER_WIDTH = 1080;

/**
 * Plan against actual's way to the heat map: the floors of the site's plan items, over the period shown (a day,
 * week or month) up to the site's today (a week or month shown whole reaches past it, and nothing was cleaned
 * after today: the server refuses such an end), in a drawer. Hidden when no plan item names a floor.
 */
export function HeatmapButton({ detail }: { detail: ActualDetail }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const floors = planFloors(detail.items);
  if (floors.length === 0) return null;
  return (
    <>
      <Button icon={<HeatMapOutlined />} onClick={() => setOpen(true)} data-testid="actual-heatmap">
        {t('site.heatmap.open')}
      </Button>
      {open ? (
        <Drawer
          open
          size={phone ? '100%' : DRAWER_WIDTH}
          title={t('site.heatmap.title', { name: detail.siteName })}
          onClose={() => setOpen(false)}
          destroyOnHidden
          data-testid="actual-heatmap-drawer"
        >
          <HeatmapPanel floors={floors} timeZone={detail.timeZone} initialRange={pastPart(detail)} />
        </Drawer>
      ) : null}
    </>
  );
}

/** The period shown, cut at the site's today (a period wholly after it: null, the 30 days ending today). */
export function pastPart({ start, end, timeZone }: Pick<ActualDetail, 'start' | 'end' | 'timeZone'>): DayRange {
  const today = dayIn(new Date().toISOString(), timeZone);
  if (start > today) return null;
  return [start, end > today ? today : end];
}
