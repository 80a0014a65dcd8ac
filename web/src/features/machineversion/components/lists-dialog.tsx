import { Alert, Button, Flex, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/query-state';
import { useRange, useSetBlackList, useSetWhiteList, type RangeDevice, type WholeVersion } from '../api/machine-versions';
import { listsOf, onBothLists, rangeCount } from '../lib/lists';

/** The white and black lists of an unpublished version, with robots of the user's branch only; saved in an order
 * that never puts a robot on both lists on the way. */
export function ListsDialog({ version, onClose, onSaved }: { version: WholeVersion; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const range = useRange(version.id);
  return (
    <Modal open title={t('machineversion.whole.listsTitle', { name: version.name })} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {range.isPending ? <Skeleton active /> : null}
      {range.isError && !range.data ? <LoadFailed onRetry={() => range.refetch()} /> : null}
      {range.data ? <ListsForm version={version} devices={range.data.list} onSaved={onSaved} onClose={onClose} /> : null}
    </Modal>
  );
}

function ListsForm({ version, devices, onSaved, onClose }: { version: WholeVersion; devices: RangeDevice[]; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const initial = listsOf(devices);
  const [white, setWhite] = useState<string[]>(initial.white);
  const [black, setBlack] = useState<string[]>(initial.black);
  const setWhiteList = useSetWhiteList();
  const setBlackList = useSetBlackList();
  const options = devices.map((d) => ({ value: d.deviceSerialNumber, label: `${d.deviceName} (${d.deviceSerialNumber})` }));
  const clash = onBothLists(white, black);
  const all = devices.map((d) => d.deviceSerialNumber);
  const save = async () => {
    if (clash.length > 0) return;
    // a robot moved from the white list to the black one joins the black list once it has left the white one
    await setBlackList.mutateAsync({ wholeVersionId: version.id, deviceSerialNumbers: black.filter((sn) => !initial.white.includes(sn)) });
    await setWhiteList.mutateAsync({ wholeVersionId: version.id, deviceSerialNumbers: white });
    await setBlackList.mutateAsync({ wholeVersionId: version.id, deviceSerialNumbers: black });
    onSaved();
  };
  return (
    <Form id="whole-lists" layout="vertical" onFinish={() => void save().catch(() => undefined)} data-testid="lists-form">
      <Form.Item label={t('machineversion.whole.whiteList')} htmlFor="whole-white-list" extra={t('machineversion.whole.whiteHelp')}>
        <Select<string[]> id="whole-white-list" mode="multiple" value={white} onChange={setWhite} options={options} optionFilterProp="label" allowClear data-testid="white-list-picker" />
      </Form.Item>
      <Form.Item label={t('machineversion.whole.blackList')} htmlFor="whole-black-list" extra={t('machineversion.whole.blackHelp')}>
        <Select<string[]> id="whole-black-list" mode="multiple" value={black} onChange={setBlack} options={options} optionFilterProp="label" allowClear data-testid="black-list-picker" />
      </Form.Item>
      {clash.length > 0 ? <Alert type="error" showIcon message={t('machineversion.whole.bothLists', { serials: clash.join(', ') })} /> : null}
      <Typography.Paragraph type="secondary" data-testid="range-count">
        {t('machineversion.whole.rangeCount', { count: rangeCount(all, white, black), total: all.length })}
      </Typography.Paragraph>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={setWhiteList.isPending || setBlackList.isPending} disabled={clash.length > 0} data-testid="save-lists">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
