import { DeleteOutlined, DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Form, Input, Modal, Progress, Select, Space, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { linkedId, withoutParam } from '@/lib/link-id';
import { tableWidth } from '@/lib/table-width';
import { dayParams, linkedRange } from '@/lib/day-range';
import { useCan } from '@/lib/use-can';
import { useFixedActions } from '@/lib/use-fixed-actions';
import { downloadBlob, EXPORT_FILE_NAME, exportWorkbook } from '@/lib/workbook';
import { getReports, useReports, useSummary, type Report, type ReportFilter } from './api/reports';
import { DeleteBeforeDialog, EditDialog, InsertDialog } from './components/report-dialogs';
import { ReportDetailDrawer, type ReportRef } from './components/report-detail';
import { ReportRowActions, reportColumns, WIDTHS } from './components/report-columns';
import { listTable } from './lib/report-export';
import { areaText, coverageText, durationText, efficiencyText } from './lib/units';
import { RangeLimit } from '@/components/limited-range-picker';

const PAGE = 'device/report';
const PAGE_SIZE = 20;
const ALL = 1_000_000;
const RESULTS = ['finished', 'cancelled', 'forced_end', 'aborted'] as const;
interface Filters {
  userId?: number;
  mapName?: string;
  taskName?: string;
  result?: (typeof RESULTS)[number];
  range?: [Dayjs, Dayjs];
}

/** product-spec 5: the start within 7 days of the end, not after today. */
function outsideRule(current: Dayjs, info: { from?: Dayjs }): boolean {
  if (current.isAfter(dayjs(), 'day')) return true;
  return info.from ? Math.abs(current.diff(info.from, 'day')) > 6 : false;
}

/** Task reports (device/report): each run with its figures, details with its path, edit, delete, add, export. */
export default function ReportListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || undefined;
  // `?reportId=` (a tapped push notification) opens that run's detail
  const linkedReport = linkedId(params.get('reportId'));
  const [form] = Form.useForm<Filters>();
  // `&startDate=…&endDate=…` (robot health's evidence) opens the runs of those days, the picker showing them
  const linked = linkedRange(params);
  const [filter, setFilter] = useState<ReportFilter>(() => ({ currentPage: 1, pageSize: PAGE_SIZE, ...dayParams(linked) }));
  const body: ReportFilter = { ...filter, deviceId };
  const reports = useReports(body);
  const week = useSummary({ range: 'week', by: 'device', userId: filter.userId, deviceIds: deviceId ? [deviceId] : undefined });
  const [open, setOpen] = useState<ReportRef | null>(null);
  const [editing, setEditing] = useState<Report | null>(null);
  const [adding, setAdding] = useState(false);
  const [deletingBefore, setDeletingBefore] = useState(false);
  const [exporting, setExporting] = useState(false);
  const fixedActions = useFixedActions();

  const search = (values: Filters) =>
    setFilter({
      currentPage: 1,
      pageSize: PAGE_SIZE,
      userId: values.userId,
      mapName: values.mapName?.trim() || undefined,
      taskName: values.taskName?.trim() || undefined,
      result: values.result,
      ...dayParams(values.range),
    });

  const exportList = async () => {
    setExporting(true);
    try {
      const all = await getReports({ ...body, currentPage: 1, pageSize: ALL });
      if (all.list.length === 0) {
        void message.info(t('report.list.nothing'));
        return;
      }
      downloadBlob(await exportWorkbook(listTable(all.list, t), t('report.list.title')), EXPORT_FILE_NAME);
      void message.success(t('report.list.exported', { count: all.list.length, file: EXPORT_FILE_NAME }));
    } catch {
      void message.error(t('report.list.failed'));
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<Report> = reportColumns(t, setOpen);
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('report.columns.actions'),
      key: 'actions',
      fixed: fixedActions,
      width: WIDTHS.actions,
      render: (_, r) => <ReportRowActions report={r} canEdit={can(`${PAGE}/edit`)} canDelete={can(`${PAGE}/delete`)} onEdit={setEditing} />,
    });
  }

  return (
    <Card size="small" title={t('report.list.title')} data-testid="report-list-page">
      <Form form={form} layout="inline" onFinish={search} initialValues={{ range: linked }} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="userId">
          <OwnerFilter />
        </Form.Item>
        <Form.Item name="range" tooltip={t('report.list.rangeRule')} extra={<RangeLimit list="/taskReport/list" />}>
          <DatePicker.RangePicker disabledDate={outsideRule} allowClear data-testid="report-range" />
        </Form.Item>
        <Form.Item name="mapName">
          <Input allowClear placeholder={t('report.list.map')} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="taskName">
          <Input allowClear placeholder={t('report.list.task')} style={{ width: 160 }} data-testid="report-task-filter" />
        </Form.Item>
        <Form.Item name="result">
          <Select allowClear placeholder={t('report.list.result')} aria-label={t('report.list.result')} style={{ width: 140 }} options={RESULTS.map((r) => ({ value: r, label: t(`report.results.${r}`) }))} />
        </Form.Item>
        <Button htmlType="submit" icon={<SearchOutlined />} data-testid="report-search">
          {t('report.list.search')}
        </Button>
      </Form>
      {week.data ? (
        <Space size={32} wrap style={{ marginBottom: 12 }} data-testid="report-week">
          <Statistic title={`${t('report.chart.ranges.week')} · ${t('report.chart.runs')}`} value={week.data.runs} />
          <Statistic title={t('report.columns.cleaned')} value={areaText(week.data.cleanedArea)} />
          <Statistic title={t('report.columns.duration')} value={durationText(week.data.durationS)} />
          <Statistic title={t('report.columns.coverage')} value={coverageText(week.data.coverage)} />
          <Statistic title={t('report.columns.efficiency')} value={efficiencyText(week.data.efficiency)} />
        </Space>
      ) : null}
      <Space wrap style={{ marginBottom: 12 }}>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="report-add">
            {t('report.list.add')}
          </Button>
        ) : null}
        {can(`${PAGE}/delete`) ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeletingBefore(true)} data-testid="report-delete-before">
            {t('report.list.deleteBefore')}
          </Button>
        ) : null}
        {can(`${PAGE}/export`) ? (
          <Button icon={<DownloadOutlined />} onClick={() => void exportList()} loading={exporting} data-testid="report-export">
            {t('report.list.export')}
          </Button>
        ) : null}
      </Space>
      <QueryState query={reports}>
        <Table<Report>
          rowKey="taskReportId"
          columns={columns}
          dataSource={reports.data?.list ?? []}
          loading={reports.isFetching && !reports.isPending}
          size="middle"
          tableLayout="fixed"
          scroll={{ x: tableWidth(columns) }}
          locale={{ emptyText: t('report.list.empty') }}
          pagination={{
            current: filter.currentPage,
            pageSize: PAGE_SIZE,
            total: reports.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (currentPage) => setFilter((f) => ({ ...f, currentPage })),
          }}
          data-testid="report-table"
        />
      </QueryState>
      <Modal open={exporting} title={t('report.list.export')} footer={null} closable={false} data-testid="report-export-progress">
        <Progress percent={99} status="active" showInfo={false} />
        {t('report.list.exporting')}
      </Modal>
      {open || linkedReport ? (
        <ReportDetailDrawer
          report={open ?? { taskReportId: linkedReport as number }}
          onClose={() => {
            setOpen(null);
            if (linkedReport) setParams((current) => withoutParam(current, 'reportId'), { replace: true });
          }}
        />
      ) : null}
      {editing ? <EditDialog report={editing} onClose={() => setEditing(null)} /> : null}
      {adding ? <InsertDialog deviceId={deviceId} onClose={() => setAdding(false)} /> : null}
      {deletingBefore ? <DeleteBeforeDialog deviceId={deviceId} onClose={() => setDeletingBefore(false)} /> : null}
    </Card>
  );
}
