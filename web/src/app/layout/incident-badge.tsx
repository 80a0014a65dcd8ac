/**
 * The header's open-incident count (issue 34): incidents nobody has acknowledged in the reader's subtree, asked
 * every minute and again a moment after a live alarm event (an alarm may open one, a clear or a resolve may not
 * change it but a person's acknowledgement elsewhere does). A click opens the incidents page on the open ones.
 * Loaded on its own after the first paint (header-bar.tsx), for readers holding the incidents page only.
 */
import { IssuesCloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIncidentCount } from '@/api/incident/incidents';
import { incidentKeys } from '@/api/incident/keys';
import { useLiveEvent } from '@/lib/live/connection';
import { BADGE_CAP } from '../stores/alarms';

/** Alarm events within this of each other ask the count once. */
const GATHER_MS = 1_500;

export default function IncidentBadge({ phone = false }: { phone?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const count = useIncidentCount(true);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLiveEvent('alarms', () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: incidentKeys.count() });
    }, GATHER_MS);
  });
  useLiveEvent('resync', () => void client.invalidateQueries({ queryKey: incidentKeys.count() }));
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const open = count.data?.open ?? 0;
  // a phone's header holds the search, the bell and the user menu: the count joins them only when there is one
  if (phone && open === 0) return null;
  const label = `${t('layout.openIncidents')}: ${open}`;
  return (
    <Tooltip title={phone ? null : t('layout.openIncidents')}>
      <Button type="text" aria-label={label} onClick={() => void navigate('/incident/index?state=open')} data-testid="incident-badge" data-count={open}>
        <span className="cf-alarms__badge">
          <IssuesCloseOutlined className="cf-header__icon" />
          {open > 0 && <sup className="cf-alarms__count">{open > BADGE_CAP ? `${BADGE_CAP}+` : open}</sup>}
        </span>
      </Button>
    </Tooltip>
  );
}
