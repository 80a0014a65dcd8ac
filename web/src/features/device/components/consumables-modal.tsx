import { App, Button, DatePicker, Form, InputNumber, Modal, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditConsumables } from '../api/consumables';
import { useConsumables } from '@/api/device/consumables';
import { useReplaceConsumable } from '../api/consumables';
import type { ConsumableItem, ConsumableKind, Consumables, Device } from '@/api/device/types';
import { consumableName } from '@/lib/consumable-name';
import { validationMessage } from '../lib/form-rules';
import { checkNotNegative, checkPositive } from '../lib/validators';

type Row = Consumables['list'][number];

/** A consumable of the save call; its date is the picker's value (sent as ISO text), its life may be empty (sent as 0). */
type RowValues = Required<Pick<ConsumableItem, 'usedHours'>> & { replaceDate: Dayjs | null; lifeHours: number | null };

type Values = Record<string, RowValues>;

function valuesOf(list: Row[]): Values {
  return Object.fromEntries(
    list.map((row) => [
      row.kind,
      {
        replaceDate: row.configured && row.replaceDate ? dayjs(row.replaceDate) : null,
        usedHours: row.configured ? row.usedHours : null,
        lifeHours: row.lifeHours,
      },
    ]),
  );
}

/** The rows to send: the ones set up before and the ones given a life now. */
export function consumableItems(list: Pick<Row, 'kind' | 'configured'>[], values: Values): ConsumableItem[] {
  const items: ConsumableItem[] = [];
  for (const row of list) {
    const value = values[row.kind];
    if (!value || (!row.configured && value.lifeHours === null && value.usedHours === null && value.replaceDate === null)) continue;
    items.push({
      kind: row.kind as ConsumableKind,
      lifeHours: value.lifeHours ?? 0,
      usedHours: value.usedHours,
      replaceDate: value.replaceDate ? value.replaceDate.startOf('day').toISOString() : null,
    });
  }
  return items;
}

function ConsumablesForm({ device, data, onClose }: { device: Device; data: Consumables; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const edit = useEditConsumables();
  const replace = useReplaceConsumable();
  const initial = useMemo(() => valuesOf(data.list), [data]);

  const lifeRule = (row: Row) => ({
    validator: (_: unknown, value: unknown) => {
      const own = form.getFieldValue(row.kind) as RowValues | undefined;
      const touched = row.configured || own?.usedHours != null || own?.replaceDate != null;
      const key = checkPositive(value, touched);
      return key ? Promise.reject(new Error(validationMessage(t, key, t('device.consumables.lifeHours')))) : Promise.resolve();
    },
  });

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('device.validation.formFailed'));
      return;
    }
    await edit.mutateAsync({ serialNumber: device.deviceSerialNumber, items: consumableItems(data.list, values) });
    void message.success(t('device.consumables.saved'));
    onClose();
  };

  const replaced = async (row: Row) => {
    const answer = await replace.mutateAsync({ serialNumber: device.deviceSerialNumber, kind: row.kind as ConsumableKind });
    form.setFieldsValue(valuesOf(answer.list));
    void message.success(t('device.consumables.replacedDone', { name: consumableName(t, row.kind) }));
  };

  return (
    <>
      <Form form={form} initialValues={initial} component={false}>
        <Table<Row>
          rowKey="kind"
          size="small"
          pagination={false}
          dataSource={data.list}
          scroll={{ x: 860 }}
          columns={[
            {
              key: 'name',
              title: t('device.consumables.item'),
              width: 150,
              render: (_, row) => consumableName(t, row.kind),
            },
            {
              key: 'replaceDate',
              title: t('device.consumables.replaceDate'),
              width: 160,
              render: (_, row) => (
                <Form.Item name={[row.kind, 'replaceDate']} noStyle>
                  <DatePicker allowClear={!row.configured} disabledDate={(d) => d.isAfter(dayjs(), 'day')} aria-label={t('device.consumables.replaceDate')} />
                </Form.Item>
              ),
            },
            {
              key: 'usedHours',
              title: t('device.consumables.usedHours'),
              width: 130,
              render: (_, row) => (
                <Form.Item
                  name={[row.kind, 'usedHours']}
                  style={{ margin: 0 }}
                  rules={[{ validator: (_r, v) => (checkNotNegative(v) ? Promise.reject(new Error(t('device.validation.notNegative'))) : Promise.resolve()) }]}
                >
                  <InputNumber style={{ width: '100%' }} aria-label={t('device.consumables.usedHours')} />
                </Form.Item>
              ),
            },
            {
              key: 'lifeHours',
              title: t('device.consumables.lifeHours'),
              width: 150,
              render: (_, row) => (
                <Form.Item name={[row.kind, 'lifeHours']} style={{ margin: 0 }} rules={[lifeRule(row)]}>
                  <InputNumber style={{ width: '100%' }} aria-label={`${t('device.consumables.lifeHours')} ${row.kind}`} data-testid={`life-${row.kind}`} />
                </Form.Item>
              ),
            },
            {
              key: 'state',
              title: t('device.consumables.state'),
              width: 150,
              render: (_, row) =>
                !row.configured ? (
                  <Tag>{t('device.consumables.notSet')}</Tag>
                ) : row.due ? (
                  <Tag color="error">{t('device.consumables.due')}</Tag>
                ) : (
                  <Tag color="success">{t('device.consumables.remaining', { hours: Math.round(row.remainingHours ?? 0) })}</Tag>
                ),
            },
            {
              key: 'replace',
              title: '',
              width: 120,
              render: (_, row) =>
                row.configured ? (
                  <Popconfirm
                    title={t('device.consumables.replaceConfirm')}
                    okText={t('device.consumables.replace')}
                    cancelText={t('device.common.cancel')}
                    onConfirm={() => replaced(row).catch(() => undefined)}
                  >
                    <Button size="small" color="primary" variant="link">
                      {t('device.consumables.replace')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Form>
      <div className="cf-devices__modal-footer">
        <Button onClick={onClose}>{t('device.common.cancel')}</Button>
        <Button type="primary" loading={edit.isPending} onClick={() => void submit().catch(() => undefined)} data-testid="consumables-save">
          {t('device.common.save')}
        </Button>
      </div>
    </>
  );
}

/** Consumables: the seven items with replace date, used hours and life hours (above 0). */
export function ConsumablesModal({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const consumables = useConsumables(device.deviceSerialNumber);
  return (
    <Modal open width={920} footer={null} title={t('device.consumables.title', { name: device.deviceCode })} onCancel={onClose} data-testid="consumables-modal">
      <Typography.Paragraph type="secondary">{t('device.consumables.hint')}</Typography.Paragraph>
      {consumables.data ? <ConsumablesForm device={device} data={consumables.data} onClose={onClose} /> : <Skeleton active />}
    </Modal>
  );
}
