import { ExperimentOutlined } from '@ant-design/icons';
import { Button, Descriptions, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestProvider } from '../api/providers';

/** "Test discovery": what the provider says about itself now (a refusal shows under the issuer field). */
export function TestPanel({ form, providerId }: { form: FormInstance; providerId: number | null }) {
  const { t } = useTranslation();
  const test = useTestProvider();
  const run = () => {
    const issuer = (form.getFieldValue('issuer') as string | undefined)?.trim();
    const body = issuer ? { issuer } : { id: providerId };
    test.mutate(body, {
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        form.setFields([{ name: 'issuer', errors: [message] }]);
      },
    });
  };
  const found = test.data;
  return (
    <div className="cf-sso__test">
      <Button icon={<ExperimentOutlined />} onClick={run} loading={test.isPending} data-testid="test-provider">
        {t('sso.form.test')}
      </Button>
      {found ? (
        <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }} data-testid="provider-test-result">
          <Descriptions.Item label={t('sso.test.issuer')}>{found.issuer}</Descriptions.Item>
          <Descriptions.Item label={t('sso.test.authorization')}>{found.authorizationEndpoint}</Descriptions.Item>
          <Descriptions.Item label={t('sso.test.endSession')}>{found.endSessionEndpoint ?? t('sso.test.none')}</Descriptions.Item>
          <Descriptions.Item label={t('sso.test.scopes')}>{found.scopesSupported.join(' ') || t('sso.test.none')}</Descriptions.Item>
          <Descriptions.Item label={t('sso.test.claims')}>{found.claimsSupported.join(', ') || t('sso.test.none')}</Descriptions.Item>
          <Descriptions.Item label={t('sso.test.keys')}>{t('sso.test.keyCount', { count: found.keys })}</Descriptions.Item>
        </Descriptions>
      ) : null}
    </div>
  );
}
