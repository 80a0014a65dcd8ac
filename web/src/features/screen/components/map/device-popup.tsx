import { CloseOutlined, ThunderboltFilled } from '@ant-design/icons';
import { Button, Descriptions, Progress } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapDevice } from '../../api/device-map';
import { timeAgo } from '../../lib/format';
import { isDeviceState, stateColor } from '../../lib/states';
import { useNow } from '@/lib/use-now';

interface DevicePopupProps {
  device: MapDevice;
  /** Where its marker is (px inside the map), or null for a robot without a location. */
  anchor: { x: number; y: number } | null;
  deviceLink: ((deviceId: number) => string) | null;
  language: string;
  onClose: () => void;
}

/** A robot's card over the map, pointing at its marker. */
export function DevicePopup({ device, anchor, deviceLink, language, onClose }: DevicePopupProps) {
  const { t } = useTranslation();
  const now = new Date(useNow(15_000));
  const state = isDeviceState(device.state) ? device.state : 'offline';
  const style: CSSProperties = anchor ? { left: anchor.x, top: anchor.y } : { left: '50%', top: 16 };
  const address = device.address || [device.city, device.province, device.country].filter(Boolean).join(', ');
  return (
    <section
      className={anchor ? 'cf-map-popup' : 'cf-map-popup cf-map-popup--floating'}
      style={style}
      aria-label={device.deviceCode}
      data-testid="device-popup"
    >
      <div className="cf-map-popup__head">
        <strong className="cf-map-popup__name" title={device.deviceCode}>
          {device.deviceCode}
        </strong>
        <span className="cf-map-popup__state" style={{ background: stateColor(state) }}>
          {t(`screen.states.${state}`)}
        </span>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('screen.map.popup.close')} onClick={onClose} />
      </div>
      <Descriptions size="small" column={1} colon={false} className="cf-map-popup__fields">
        <Descriptions.Item label={t('screen.map.popup.serial')}>
          <span dir="ltr">{device.deviceSerialNumber}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('screen.map.popup.owner')}>
          {device.userName && device.userName !== device.account ? `${device.userName} (${device.account})` : device.account}
        </Descriptions.Item>
        <Descriptions.Item label={t('screen.map.popup.battery')}>
          {device.battery === null ? (
            '–'
          ) : (
            <span className="cf-map-popup__battery">
              <Progress percent={device.battery} size={[64, 8]} showInfo={false} strokeColor={device.battery < 20 ? '#f03e3e' : '#37b24d'} />
              {device.battery}%
              {device.charging && (
                <span className="cf-map-popup__charging">
                  <ThunderboltFilled /> {t('screen.map.popup.charging')}
                </span>
              )}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('screen.map.popup.task')}>
          {device.task ? `${device.task}${device.progress !== null ? ` · ${Math.round(device.progress)}%` : ''}` : t('screen.map.popup.noTask')}
        </Descriptions.Item>
        <Descriptions.Item label={t('screen.map.popup.address')}>{address || '–'}</Descriptions.Item>
        <Descriptions.Item label={t('screen.map.popup.heartbeat')}>
          {device.heartbeatTime ? (
            <time dateTime={device.heartbeatTime} title={new Date(device.heartbeatTime).toLocaleString(language)}>
              {timeAgo(device.heartbeatTime, now, language)}
            </time>
          ) : (
            t('screen.map.popup.never')
          )}
        </Descriptions.Item>
        {device.activeAlarms > 0 && (
          <Descriptions.Item label={t('screen.map.popup.alarms')}>
            <span className="cf-map-popup__alarms">{device.activeAlarms}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {!anchor && <p className="cf-map-popup__hint">{t('screen.map.noLocationHint')}</p>}
      {deviceLink && (
        <Link to={deviceLink(device.deviceId)} className="cf-map-popup__link" data-testid="device-popup-link">
          {t('screen.map.popup.open')}
        </Link>
      )}
    </section>
  );
}
