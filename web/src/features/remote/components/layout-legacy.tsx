import { Card, Col, Row } from 'antd';
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
 * Robots below protocol 3 (api/): the command bar on top (the emergency stop is released through
 * robot_safe 0), map and status side by side with the joystick, then utilities ({id, val}, number
 * fields: these robots do not describe their utilities), disinfection, sensors and errors as cards.
 */
export function LayoutLegacy({ pose, hardware }: RobotReadings) {
  const { t } = useTranslation();
  return (
    <div className="cf-remote-layout" data-testid="remote-layout-legacy">
      <Card size="small" title={t('remote.commands.title')}>
        <CommandPanel pose={pose} hardware={hardware} v3={false} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('remote.map.title')}>
            <LiveMap pose={pose} compact />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <div className="cf-remote-column">
            <Card size="small" title={t('remote.commands.joystick')}>
              <JoystickPad />
            </Card>
            <Card size="small" title={t('remote.status.title')}>
              <StatusPanel pose={pose} hardware={hardware} columns={1} />
            </Card>
          </div>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('remote.utilities.title')}>
            <UtilitiesPanel v3={false} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('remote.disinfect.title')}>
            <DisinfectPanel />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('remote.errors.title')}>
            <RobotErrors hardware={hardware} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('remote.sensors.title')}>
        <SensorPanel columns={2} />
      </Card>
    </div>
  );
}
