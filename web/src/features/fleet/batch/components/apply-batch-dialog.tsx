import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyBatch } from '@/api/device/hardware';
import type { BatchDetail } from '../../api/batches';
import { DevicePicker } from '@/components/device-picker';

/** Fit the batch's parts to one device of the batch's model. */
export function ApplyBatchDialog({ batch, onClose }: { batch: BatchDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [deviceId, setDeviceId] = useState<number>();
  const apply = useApplyBatch();

  const run = async () => {
    if (deviceId === undefined) return;
    const result = await apply.mutateAsync({ deviceId, batchId: batch.batchId });
    void message.success(t('fleet.batch.applied', { count: result.changed }));
    onClose();
  };

  return (
    <Modal
      open
      title={t('fleet.batch.applyTitle', { name: batch.batchName })}
      onOk={() => void run().catch(() => undefined)}
      okButtonProps={{ disabled: deviceId === undefined }}
      confirmLoading={apply.isPending}
      onCancel={onClose}
      okText={t('fleet.batch.apply')}
      cancelText={t('fleet.common.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('fleet.batch.applyHelp', { model: batch.typeName, range: batch.rackRange })}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('fleet.common.device')} required>
          <DevicePicker value={deviceId} onChange={(id) => setDeviceId(id)} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
