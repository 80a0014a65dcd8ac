/**
 * Remote control (page key device_control/index): choose one of the caller's online robots, then
 * drive it on its live map. One robot's page is this route with `?deviceId=<id>`, so it stays one
 * tab (switching robots changes the query, the tab and the menu entry stay). The layout follows
 * the robot's protocol version: 3 and above, or older (see lib/layout.ts).
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReleaseControl } from './api/control-lease';
import { RemoteRobotPage } from './components/remote-robot';
import { RobotChooser } from './components/robot-chooser';
import './remote.css';

function readDeviceId(params: URLSearchParams): number | null {
  const id = Number(params.get('deviceId'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export default function RemoteControlPage() {
  const [params, setParams] = useSearchParams();
  const deviceId = readDeviceId(params);
  return (
    <div className="cf-remote-page" data-testid="remote-page">
      {deviceId === null ? (
        <RobotChooser onOpen={(id) => setParams({ deviceId: String(id) })} />
      ) : (
        <RobotPageWithLeave key={deviceId} deviceId={deviceId} onGo={(next) => setParams(next === null ? {} : { deviceId: String(next) })} />
      )}
    </div>
  );
}

/** Leaving a robot while holding its control asks whether to release it (or keep it until it expires). */
function RobotPageWithLeave({ deviceId, onGo }: { deviceId: number; onGo: (next: number | null) => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const release = useReleaseControl(deviceId);
  const onLeave = (next: number | null, holding: boolean, robotName: string) => {
    if (!holding) {
      onGo(next);
      return;
    }
    modal.confirm({
      title: t('remote.lease.leaveTitle'),
      content: t('remote.lease.leaveContent', { robot: robotName }),
      okText: t('remote.lease.leaveRelease'),
      cancelText: t('remote.lease.leaveKeep'),
      onOk: () =>
        release
          .mutateAsync()
          .catch(() => undefined)
          .then(() => onGo(next)),
      onCancel: () => onGo(next),
    });
  };
  return <RemoteRobotPage deviceId={deviceId} onLeave={onLeave} />;
}
