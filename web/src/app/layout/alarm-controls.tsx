import { BellOutlined } from '@ant-design/icons';
import { Button, Checkbox, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAvailable } from '@/lib/availability';
import { useAlarmPreferences } from '../stores/alarm-preferences';
import { BADGE_CAP, useAlarmsStore } from '../stores/alarms';
import { useSessionStore } from '@/lib/session';

/** "Show alarms", "Play alarm sound" (only while alarms are shown) and the unread badge. */
export function AlarmControls() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlarms, playSound, setShowAlarms, setPlaySound } = useAlarmPreferences();
  const unread = useAlarmsStore((s) => s.unread);
  const user = useSessionStore((s) => s.user);
  // the bell opens the live alarms, else the alarm list
  const alarmPage = ['index/realWarn' as const, 'warn/index/warn' as const].find((key) => isAvailable(key, user));

  // a plain count bubble (antd's animated Badge would add 4 KB gz to the layout's bundle)
  const bell = (
    <span className="cf-alarms__badge" data-testid="alarm-badge">
      <BellOutlined className="cf-header__icon" />
      {unread > 0 && <sup className="cf-alarms__count">{unread > BADGE_CAP ? `${BADGE_CAP}+` : unread}</sup>}
    </span>
  );

  return (
    <div className="cf-alarms">
      <Checkbox checked={showAlarms} onChange={(e) => setShowAlarms(e.target.checked)} data-testid="show-alarms">
        {t('layout.showAlarms')}
      </Checkbox>
      <Tooltip title={showAlarms ? null : t('layout.playSoundDisabled')}>
        <Checkbox
          checked={playSound}
          disabled={!showAlarms}
          onChange={(e) => setPlaySound(e.target.checked)}
          data-testid="play-sound"
        >
          {t('layout.playSound')}
        </Checkbox>
      </Tooltip>
      {alarmPage ? (
        <Button type="text" aria-label={`${t('layout.unreadAlarms')}: ${unread}`} onClick={() => void navigate(`/${alarmPage}`)}>
          {bell}
        </Button>
      ) : (
        <output className="cf-alarms__bell" aria-label={`${t('layout.unreadAlarms')}: ${unread}`}>
          {bell}
        </output>
      )}
    </div>
  );
}
