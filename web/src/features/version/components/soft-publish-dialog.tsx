import { Alert, Form, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useDeviceRange, usePublishSoft, type SoftSent, type SoftVersion } from '../api/soft';
import { rangeBody, rangeValues, type RangeValues } from '../lib/range';
import { RangeFields } from './range-fields';

/** Publish a software version to a device range (its current one to start with): the robots in it that do not
 * run it are sent the update at once. The dialog is the confirmation. */
export function SoftPublishDialog({ version, onClose, onPublished }: { version: SoftVersion; onClose: () => void; onPublished: (sent: SoftSent) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RangeValues>();
  const current = useDeviceRange({ versionId: version.versionId, pageSize: 1, currentPage: 1, onlyInRange: true });
  const publish = usePublishSoft();
  const title = t('version.soft.publishTitle', { name: version.name, version: version.version });
  if (current.isPending) {
    return (
      <Modal open title={title} footer={null} onCancel={onClose}>
        <Spin />
      </Modal>
    );
  }
  const save = (values: RangeValues) => publish.mutateAsync({ versionId: version.versionId, range: rangeBody(values) }).then(onPublished);
  return (
    <FormModal<RangeValues>
      title={title}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={publish.isPending}
      testId="soft-publish-form"
      okText={t('version.publish')}
      width={640}
      initialValues={rangeValues(current.data?.range)}
    >
      <Alert type="info" showIcon message={t('version.soft.publishHint')} style={{ marginBottom: 16 }} />
      <RangeFields form={form} />
    </FormModal>
  );
}
