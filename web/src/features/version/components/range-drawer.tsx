import { HistoryOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Form, Input, List, Popconfirm, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useApplyHistory, useDeviceRange, useRangeHistory, useSaveRange, type RangeHistory, type RangeRow, type SoftSent, type SoftVersion } from '../api/soft';
import { rangeBody, rangeValues, type RangeValues } from '../lib/range';
import { RangeFields } from './range-fields';
import { UpdateState } from './update-state';

const PAGE_SIZE = 10;
const LIST_COLORS: Record<string, string> = { white: 'green', black: 'red', test: 'blue' };

/** The robots of the caller with their list, whether the version reaches them, what they run and their update to
 * it (live, with a progress bar). */
function RangeRobots({ version }: { version: SoftVersion }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [onlyInRange, setOnlyInRange] = useState(true);
  const [currentPage, setPage] = useState(1);
  const robots = useDeviceRange({ versionId: version.versionId, keyword: keyword || undefined, onlyInRange, currentPage, pageSize: PAGE_SIZE });
  const columns: ColumnsType<RangeRow> = [
    { title: t('version.device'), key: 'device', render: (_, r) => `${r.deviceName} (${r.deviceSerialNumber})` },
    { title: t('version.soft.range.current'), dataIndex: 'currentVersion', key: 'current' },
    { title: t('version.soft.range.listed'), key: 'listed', render: (_, r) => (r.listed ? <Tag color={LIST_COLORS[r.listed]}>{t(`version.soft.range.lists.${r.listed as 'white' | 'black' | 'test'}`)}</Tag> : null) },
    { title: t('version.soft.range.inRange'), key: 'inRange', render: (_, r) => (r.inRange ? t('version.soft.range.yes') : t('version.soft.range.no')) },
    {
      title: t('version.state'),
      key: 'state',
      render: (_, r) => (r.updateState ? <UpdateState state={r.updateState} progress={r.progress} testId={`soft-state-${r.deviceSerialNumber}`} /> : null),
    },
    { title: t('version.reason'), dataIndex: 'reason', key: 'reason' },
  ];
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('version.soft.range.search')} onSearch={(value) => (setKeyword(value.trim()), setPage(1))} style={{ width: 240 }} />
        <Space>
          <Switch checked={onlyInRange} onChange={(on) => (setOnlyInRange(on), setPage(1))} aria-label={t('version.soft.range.onlyInRange')} data-testid="only-in-range" />
          {t('version.soft.range.onlyInRange')}
        </Space>
      </Space>
      <QueryState query={robots}>
        <Table<RangeRow>
          size="small"
          rowKey="deviceId"
          columns={columns}
          dataSource={robots.data?.list ?? []}
          loading={robots.isFetching && !robots.isPending}
          locale={{ emptyText: t('version.soft.range.notSet') }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: currentPage, pageSize: PAGE_SIZE, total: robots.data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </QueryState>
    </>
  );
}

/** Edit the range (kept in the history); a published version goes to robots new in the range at once. */
function RangeEditor({ version, canChange, onSent }: { version: SoftVersion; canChange: boolean; onSent: (sent: SoftSent) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RangeValues>();
  const current = useDeviceRange({ versionId: version.versionId, pageSize: 1, currentPage: 1, onlyInRange: true });
  const save = useSaveRange();
  const submit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync({ versionId: version.versionId, ...rangeBody(values) }).then(onSent).catch(() => undefined);
  };
  return (
    <QueryState query={current}>
      {current.data && !current.data.range.mine ? <Typography.Text type="warning">{t('version.soft.range.otherBranch')}</Typography.Text> : null}
      <Form<RangeValues> form={form} layout="vertical" initialValues={rangeValues(current.data?.range)} disabled={!canChange || current.data?.range.mine === false} data-testid="range-form" key={JSON.stringify(rangeValues(current.data?.range))}>
        <RangeFields form={form} />
        {canChange ? (
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="save-range">
            {t('version.soft.range.save')}
          </Button>
        ) : null}
      </Form>
    </QueryState>
  );
}

function serials(list: { deviceSerialNumber: string }[]): string {
  return list.map((d) => d.deviceSerialNumber).join(', ');
}

/** The ranges the version was given, newest first; an old one can be given again (confirmed). */
function RangeHistoryList({ version, canChange, onSent }: { version: SoftVersion; canChange: boolean; onSent: (sent: SoftSent) => void }) {
  const { t } = useTranslation();
  const history = useRangeHistory(version.versionId);
  const apply = useApplyHistory();
  return (
    <QueryState query={history} empty={(history.data ?? []).length === 0} emptyText={t('version.soft.range.historyEmpty')}>
      <List<RangeHistory>
        dataSource={history.data ?? []}
        renderItem={(h) => (
          <List.Item
            data-testid={`range-history-${h.historyId}`}
            actions={
              canChange && !h.current
                ? [
                    <Popconfirm key="apply" title={t('version.soft.range.applyConfirm')} onConfirm={() => apply.mutateAsync({ versionId: version.versionId, historyId: h.historyId }).then(onSent).catch(() => undefined)}>
                      <Button size="small" icon={<HistoryOutlined />}>
                        {t('version.soft.range.apply')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {h.scope === 'all' ? t('version.soft.range.summaryAll') : t('version.soft.range.summaryWhite', { count: h.whiteList.length })}
                  {h.current ? <Tag color="processing">{t('version.soft.range.currentRange')}</Tag> : null}
                </Space>
              }
              description={
                <>
                  <div>{t('version.soft.range.setBy', { user: h.userName, time: dayjs(h.createTime).format('YYYY-MM-DD HH:mm') })}</div>
                  {h.whiteList.length ? <div>{`${t('version.soft.range.whiteList')}: ${serials(h.whiteList)}`}</div> : null}
                  {h.blackList.length ? <div>{`${t('version.soft.range.blackList')}: ${serials(h.blackList)}`}</div> : null}
                  {h.testDevices.length ? <div>{`${t('version.soft.range.lists.test')}: ${serials(h.testDevices)}`}</div> : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </QueryState>
  );
}

/** A version's device range: its robots and their updates, the range editor and the history of its ranges. */
export function RangeDrawer({ version, canChange, onClose, onSent }: { version: SoftVersion; canChange: boolean; onClose: () => void; onSent: (sent: SoftSent) => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open width={900} title={t('version.soft.range.title', { name: version.name })} onClose={onClose} data-testid="range-drawer">
      {version.range.set ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('version.soft.range.notSet')} />}
      <Tabs
        items={[
          { key: 'robots', label: t('version.soft.range.devices'), children: <RangeRobots version={version} /> },
          { key: 'range', label: t('version.soft.range.edit'), children: <RangeEditor version={version} canChange={canChange} onSent={onSent} /> },
          { key: 'history', label: t('version.soft.range.history'), children: <RangeHistoryList version={version} canChange={canChange} onSent={onSent} /> },
        ]}
      />
    </Drawer>
  );
}
