import { BellOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAvailable } from '@/lib/availability';
import { POPUP_CHOICES, useAlarmPreferences, type PopupChoice } from '../stores/alarm-preferences';
import { BADGE_CAP, useAlarmsStore } from '../stores/alarms';
import { useSessionStore } from '@/lib/session';

const CHOICE_TEXT = { all: 'layout.popupsAll', faults: 'layout.popupsFaults', off: 'layout.popupsOff' } as const;

/** Which alarms pop up (all, faults only, off), "Play alarm sound" (only while they do) and the unread badge. */
export function AlarmControls() {
  return (
    <div className="cf-alarms">
      <AlarmPreferences />
      <AlarmBell />
    </div>
  );
}

/** The pop-up choice and "Play alarm sound": beside the bell on a desk, in the menu drawer on a phone. */
export function AlarmPreferences() {
  const { t } = useTranslation();
  const { popups, playSound, setPopups, setPlaySound } = useAlarmPreferences();
  const showAlarms = popups !== 'off';
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [popups],
          items: POPUP_CHOICES.map((choice) => ({ key: choice, label: <span data-testid={`alarm-popups-${choice}`}>{t(CHOICE_TEXT[choice])}</span> })),
          onClick: ({ key }) => setPopups(key as PopupChoice),
        }}
      >
        <Button type="text" size="small" data-testid="alarm-popups" data-choice={popups}>
          {t('layout.popups')}: {t(CHOICE_TEXT[popups])} <DownOutlined />
        </Button>
      </Dropdown>
      <Tooltip title={showAlarms ? null : t('layout.playSoundDisabled')}>
        {/* a native checkbox drawn as antd's (whose chunk the first screen would load for this one box) */}
        <label className={showAlarms ? 'cf-check' : 'cf-check cf-check--disabled'} data-testid="play-sound">
          <input
            type="checkbox"
            className="cf-check__input"
            checked={playSound}
            disabled={!showAlarms}
            onChange={(e) => setPlaySound(e.target.checked)}
          />
          <span className="cf-check__box" aria-hidden />
          <span className="cf-check__label">{t('layout.playSound')}</span>
        </label>
      </Tooltip>
    </>
  );
}

/** The unread alarms' bell: opens the live alarms, else the alarm list (always in the header, phone too). */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useAlarmsStore((s) => s.unread);
  const user = useSessionStore((s) => s.user);
  const alarmPage = ['index/realWarn' as const, 'warn/index/warn' as const].find((key) => isAvailable(key, user));

  // a plain count bubble (antd's animated Badge would add 4 KB gz to the layout's bundle)
  const bell = (
    <span className="cf-alarms__badge" data-testid="alarm-badge">
      <BellOutlined className="cf-header__icon" />
      {unread > 0 && <sup className="cf-alarms__count">{unread > BADGE_CAP ? `${BADGE_CAP}+` : unread}</sup>}
    </span>
  );
  return alarmPage ? (
    <Button type="text" aria-label={`${t('layout.unreadAlarms')}: ${unread}`} onClick={() => void navigate(`/${alarmPage}`)}>
      {bell}
    </Button>
  ) : (
    <output className="cf-alarms__bell" aria-label={`${t('layout.unreadAlarms')}: ${unread}`}>
      {bell}
    </output>
  );
}
