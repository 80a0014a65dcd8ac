import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { AdvisoryList } from './components/advisory-list';
import { SbomList } from './components/sbom-list';

/**
 * Advisories (version/advisory; issue 47 item 3): imported OSV advisories and, for each, the firmware versions
 * whose SBOM lists an affected component, the caller's robots running them and the update to a fixed firmware;
 * and every firmware's CycloneDX SBOM with its components.
 */
export default function AdvisoryPage() {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('advisory.page.title')} data-testid="advisory-page">
      <Typography.Paragraph type="secondary">{t('advisory.page.intro')}</Typography.Paragraph>
      <ResponsiveTabs
        items={[
          { key: 'advisories', label: t('advisory.page.tabs.advisories'), children: <AdvisoryList /> },
          { key: 'sboms', label: t('advisory.page.tabs.sboms'), children: <SbomList /> },
        ]}
      />
    </Card>
  );
}
