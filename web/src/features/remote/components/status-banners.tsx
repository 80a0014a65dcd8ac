import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRobotRefusal } from '@/api/relay';
import type { HardwareAnswer, PoseAnswer } from '../api/robot-answers';
import { activeBanners, type Banner } from '../lib/robot-state';
import { bannerText, robotRefusalText } from '../lib/robot-text';
import { useRemote } from './remote-context';

const SEVERE: ReadonlySet<Banner> = new Set(['emergency_stop', 'serial_error']);

/**
 * The device status banners of api-spec.md 8.3 that apply now (from the robot's answers and its
 * last heartbeat), and whether the robot is offline or not answering.
 */
export function StatusBanners({ pose, hardware, poseError }: { pose?: PoseAnswer; hardware?: HardwareAnswer; poseError: unknown }) {
  const { t, i18n } = useTranslation();
  const { record } = useRemote();
  const banners = activeBanners(hardware, pose, record);
  const reason = poseError ? (isRobotRefusal(poseError) ? robotRefusalText(t, poseError) : poseError instanceof Error ? poseError.message : '') : '';
  return (
    <div className="cf-remote-banners" data-testid="status-banners">
      {!record.online ? <Alert type="error" showIcon message={t('remote.page.offline')} data-testid="banner-offline" /> : null}
      {record.online && poseError ? <Alert type="warning" showIcon message={t('remote.page.noAnswer', { reason })} data-testid="banner-no-answer" /> : null}
      {banners.map((b) => (
        <Alert key={b} type={SEVERE.has(b) ? 'error' : 'warning'} showIcon banner message={bannerText(t, b, (key) => i18n.exists(key))} data-testid={`banner-${b}`} />
      ))}
    </div>
  );
}
