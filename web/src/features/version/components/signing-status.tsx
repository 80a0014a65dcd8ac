import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Space, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useTufStatus, useUploadRoot } from '../api/firmware';

const when = (time: string) => (time ? dayjs(time).format('YYYY-MM-DD HH:mm') : '—');

/** The publisher's root as the console holds it (version, expiry) and the timestamp's expiry; a holder of the
 * page's "add" key uploads a root.json the publisher signed (docs/operations.md "Signed updates"). */
export function SigningStatus({ canUpload }: { canUpload: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useTufStatus();
  const upload = useUploadRoot();
  const roles = status.data?.roles;
  if (!roles) return null;
  const root = roles.root as { version: number; expires: string };
  const timestamp = roles.timestamp as { version: number; expires: string };
  const button = canUpload ? (
    <Upload
      maxCount={1}
      accept=".json,application/json"
      showUploadList={false}
      beforeUpload={(file) => {
        upload.mutateAsync(file).then(() => void message.success(t('version.signature.rootUploaded'))).catch(() => undefined);
        return false;
      }}
    >
      <Button size="small" icon={<UploadOutlined />} loading={upload.isPending} data-testid="upload-root">
        {t('version.signature.uploadRoot')}
      </Button>
    </Upload>
  ) : null;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={root.version ? 'info' : 'warning'}
      showIcon
      icon={<SafetyCertificateOutlined />}
      data-testid="signing-status"
      message={
        <Space wrap>
          <Typography.Text>
            {root.version
              ? t('version.signature.rootStatus', { version: root.version, expires: when(root.expires), timestamp: when(timestamp.expires) })
              : t('version.signature.noRoot')}
          </Typography.Text>
          {button}
        </Space>
      }
    />
  );
}
