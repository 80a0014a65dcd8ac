import { Card, Col, Row } from 'antd';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { useTranslation } from 'react-i18next';
import type { RobotReadings } from '../api/robot-answers';
import { CommandPanel } from './command-panel';
import { DisinfectPanel } from './disinfect-panel';
import { JoystickPad } from './joystick-pad';
import { LiveMap } from './live-map';
import { RobotErrors } from './robot-errors';
import { SensorPanel } from './sensor-panel';
import { StatusPanel } from './status-panel';
import { UtilitiesPanel } from './utilities-panel';

/**
 * Protocol 3 and above (api1/): a large live map with status, sensors, utilities (utils_list,
 * {id, value}) and errors in tabs below it, beside the driving column (joystick, commands, disinfection).
 */
export function LayoutV3({ pose, hardware }: RobotReadings) {
  const { t } = useTranslation();
  return (
    <div className="cf-remote-layout" data-testid="remote-layout-v3">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <div className="cf-remote-column">
            <Card size="small" title={t('remote.map.title')}>
              <LiveMap pose={pose} />
            </Card>
            <Card size="small">
              <ResponsiveTabs
                items={[
                  { key: 'status', label: t('remote.status.title'), children: <StatusPanel pose={pose} hardware={hardware} columns={2} /> },
                  { key: 'sensors', label: t('remote.sensors.title'), children: <SensorPanel columns={2} /> },
                  { key: 'utilities', label: t('remote.utilities.title'), children: <UtilitiesPanel v3 /> },
                  { key: 'errors', label: t('remote.errors.title'), children: <RobotErrors hardware={hardware} /> },
                ]}
              />
            </Card>
          </div>
        </Col>
        <Col xs={24} xl={8}>
          <div className="cf-remote-column">
            <Card size="small" title={t('remote.commands.joystick')}>
              <JoystickPad />
            </Card>
            <Card size="small" title={t('remote.commands.title')}>
              <CommandPanel pose={pose} hardware={hardware} v3 />
            </Card>
            <Card size="small" title={t('remote.disinfect.title')}>
              <DisinfectPanel />
            </Card>
          </div>
        </Col>
      </Row>
    </div>
  );
}
