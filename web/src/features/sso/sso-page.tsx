import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { useProviders, type ProviderRow } from './api/providers';
import { PAGE, useProviderColumns } from './components/provider-columns';
import { ProviderDialog } from './components/provider-dialog';
import './sso-page.css';

/**
 * Identity providers (user/sso, issue 50): the OpenID providers of the user's branch, each with the e-mail domains
 * it serves and its table group → role; add and edit in a dialog (with a test of what the provider says), delete
 * with confirmation. The client secret is write-only: never shown.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const can = useCan();
  const providers = useProviders();
  const [editing, setEditing] = useState<ProviderRow | 'new' | null>(null);

  const columns = useProviderColumns(setEditing);

  return (
    <Card size="small" title={t('sso.title')} data-testid="sso-page">
      <Typography.Paragraph type="secondary">{t('sso.intro')}</Typography.Paragraph>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-provider" style={{ marginBottom: 12 }}>
          {t('sso.add')}
        </Button>
      ) : null}
      <QueryState query={providers}>
        <ResponsiveTable<ProviderRow>
          rowKey="id"
          columns={columns}
          dataSource={providers.data ?? []}
          loading={providers.isFetching && !providers.isPending}
          locale={{ emptyText: t('sso.empty') }}
          cardTestId="provider-card"
          data-testid="provider-list"
          pagination={false}
        />
      </QueryState>
      {editing ? <ProviderDialog provider={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
