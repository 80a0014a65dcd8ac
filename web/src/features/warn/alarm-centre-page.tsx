import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmList } from './components/alarm-list';
import { WeekChart } from './components/week-chart';

/** The alarm centre (warn/index/warn): the branch's alarms with filters, detail, resolve and delete; the week. */
export default function AlarmCentrePage() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="alarm-centre">
      <WeekChart filter={{}} />
      <Card size="small" title={t('warn.centre.title')}>
        <AlarmList page="warn/index/warn" />
      </Card>
    </Space>
  );
}
