import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { WearList } from './components/wear-list';
import { SettingsPanel } from './components/settings-panel';
import './wear.css';

/**
 * Wear forecast (wear/index; issue 36 item 2): when each robot's consumables reach their life and its maintenance
 * falls due, from its measured use; the fleet's parts by date in week groups with what to order per site, and the
 * branch's lead time for the owners' notices.
 */
export default function WearPage() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('wear.page.title')} data-testid="wear-page">
      <ResponsiveTabs
        items={[
          { key: 'list', label: t('wear.page.tabs.list'), children: <WearList /> },
          { key: 'settings', label: t('wear.page.tabs.settings'), children: <SettingsPanel /> },
        ]}
      />
    </Card>
  );
}
