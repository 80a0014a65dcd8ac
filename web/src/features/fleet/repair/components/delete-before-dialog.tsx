import { App, DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteRepairsBefore } from '../../api/repairs';
import { isFutureDay } from '../../lib/date-range';

/** Delete every repair record of the caller's devices dated before a day, after a second confirmation. */
export function DeleteBeforeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [day, setDay] = useState<Dayjs | null>(null);
  const remove = useDeleteRepairsBefore();

  const confirm = () => {
    if (!day) return;
    const start = day.startOf('day');
    modal.confirm({
      title: t('fleet.repair.deleteBeforeTitle'),
      content: t('fleet.repair.deleteBeforeConfirm', { date: start.format('YYYY-MM-DD') }),
      okText: t('fleet.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('fleet.common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ time: start.toISOString() })
          .then((answer) => {
            void message.success(t('fleet.repair.deletedCount', { count: answer.deleted ?? 0 }));
            onClose();
          })
          .catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={t('fleet.repair.deleteBeforeTitle')}
      onOk={confirm}
      okButtonProps={{ danger: true, disabled: !day }}
      okText={t('fleet.common.delete')}
      onCancel={onClose}
      cancelText={t('fleet.common.cancel')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('fleet.repair.deleteBeforeDate')} required>
          <DatePicker value={day} onChange={setDay} disabledDate={(d) => isFutureDay(d)} style={{ width: '100%' }} data-testid="delete-before-date" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('fleet.repair.deleteBeforeHint')}</Typography.Text>
    </Modal>
  );
}
