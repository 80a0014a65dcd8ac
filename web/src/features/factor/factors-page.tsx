import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useFactorStatus } from './api/factors';
import { AppSection } from './components/app-section';
import { PasskeySection } from './components/passkey-section';
import { PolicySection } from './components/policy-section';
import './factors.css';

/**
 * Two factors (issue 50 items 5-7): the person's authenticator app and passkeys, their recovery codes, and, for
 * those with the key user/index/factor_policy, the sign-in policy of a node of their branch. Open to everyone
 * signed in (a personal page of the user menu); every call is the person's own, checked by the server.
 */
export default function FactorsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const status = useFactorStatus();
  return (
    <Card size="small" title={t('factor.title')} className="cf-factors" data-testid="factors-page">
      <Typography.Paragraph type="secondary">{t('factor.intro')}</Typography.Paragraph>
      <QueryState query={status}>
        {status.data && (
          <>
            {status.data.required && <Alert type="info" showIcon title={t('factor.required')} className="cf-factors__required" />}
            <AppSection status={status.data} />
            <PasskeySection status={status.data} />
          </>
        )}
      </QueryState>
      {can('user/index/factor_policy') && <PolicySection />}
    </Card>
  );
}
