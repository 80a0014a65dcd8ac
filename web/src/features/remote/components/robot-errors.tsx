import { Alert, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { HardwareAnswer } from '../api/robot-answers';
import { robotErrors } from '../lib/robot-state';
import { robotErrorText } from '../lib/robot-text';

/** The faults and messages standing on the robot (hardware_state errors), in the user's language. */
export function RobotErrors({ hardware }: { hardware?: HardwareAnswer }) {
  const { t, i18n } = useTranslation();
  const errors = robotErrors(hardware);
  if (!errors.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('remote.errors.none')} />;
  return (
    <List
      size="small"
      data-testid="robot-errors"
      dataSource={errors}
      renderItem={(e) => (
        <List.Item>
          <Alert
            style={{ width: '100%' }}
            type={e.level === 'alarm' ? 'error' : 'warning'}
            showIcon
            message={
              <span>
                {e.code ? <Tag className="cf-remote-mono">{e.code}</Tag> : null}
                {robotErrorText(t, e, (key) => i18n.exists(key))}
              </span>
            }
            description={
              e.raisedAt ? (
                <Typography.Text type="secondary">
                  {t('remote.errors.since')} {dayjs(e.raisedAt).format('YYYY-MM-DD HH:mm:ss')}
                </Typography.Text>
              ) : undefined
            }
          />
        </List.Item>
      )}
    />
  );
}
