import { App, DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { showOnField } from '@/components/form-refusal';
import { useDeleteReport, useEditReport, useInsertReport, type Report } from '../api/reports';
import { DevicePicker } from '@/components/device-picker';
import { choose, enter, maxChars } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

const AREA = { min: 0, max: 10_000_000, style: { width: '100%' } } as const;
const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const future = (d: Dayjs) => d.isAfter(dayjs(), 'day');

/** The edit call's body without the report's id, which the dialog adds. */
type EditValues = Omit<BodyOf<'/api/taskReport/editTaskReport'>, 'taskReportId'>;

/** Correct a run: task name, map, planned and cleaned area (coverage and efficiency follow), remark. */
export function EditDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const edit = useEditReport();
  return (
    <FormModal<EditValues>
      title={t('report.edit.title')}
      form={form}
      saving={edit.isPending}
      savedText={t('report.edit.saved')}
      onClose={onClose}
      testId="report-edit-form"
      initialValues={{ taskName: report.taskName, mapName: report.mapName, workArea: report.workArea, cleanedArea: report.cleanedArea, remark: report.remark }}
      onSave={(values) => edit.mutateAsync({ taskReportId: report.taskReportId, ...values })}
    >
      <Form.Item name="taskName" label={t('report.columns.task')} rules={[enter(t, t('report.columns.task')), maxChars(t, 128)]}>
        <Input />
      </Form.Item>
      <Form.Item name="mapName" label={t('report.columns.map')} rules={[maxChars(t, 128)]}>
        <Input />
      </Form.Item>
      <Form.Item name="workArea" label={`${t('report.columns.planned')} (m²)`}>
        <InputNumber {...AREA} />
      </Form.Item>
      <Form.Item name="cleanedArea" label={`${t('report.columns.cleaned')} (m²)`}>
        <InputNumber {...AREA} data-testid="report-edit-cleaned" />
      </Form.Item>
      <Form.Item name="remark" label={t('report.detail.remark')} rules={[{ max: 255 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}

type InsertBody = BodyOf<'/api/taskReport/insertTaskReport'>;
/** The add call's body: map, area and remark may be left empty, the times are the pickers' values (sent as ISO text). */
type InsertValues = Pick<InsertBody, 'deviceId' | 'taskName' | 'cleanedArea'> &
  Partial<Pick<InsertBody, 'mapName' | 'workArea' | 'remark'>> & { start: Dayjs; end: Dayjs };

/** A manual record of a run on one of the user's devices. */
export function InsertDialog({ deviceId, onClose }: { deviceId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InsertValues>();
  const insert = useInsertReport();
  return (
    <FormModal<InsertValues>
      title={t('report.insert.title')}
      form={form}
      saving={insert.isPending}
      savedText={t('report.insert.saved')}
      onClose={onClose}
      testId="report-insert-form"
      initialValues={{ deviceId }}
      serverFields={{ startTime: 'start', endTime: 'end' }}
      onSave={({ start, end, ...values }) =>
        insert.mutateAsync({
          ...values,
          mapName: values.mapName ?? '',
          workArea: values.workArea ?? 0,
          remark: values.remark ?? '',
          startTime: start.toISOString(),
          endTime: end.toISOString(),
        })
      }
    >
      <Form.Item name="deviceId" label={t('report.insert.deviceId')} rules={[choose(t, t('report.insert.deviceId'))]}>
        <DevicePicker data-testid="report-insert-device" />
      </Form.Item>
      <Form.Item name="taskName" label={t('report.columns.task')} rules={[enter(t, t('report.columns.task')), maxChars(t, 128)]}>
        <Input data-testid="report-insert-task" />
      </Form.Item>
      <Form.Item name="mapName" label={t('report.columns.map')} rules={[maxChars(t, 128)]}>
        <Input data-testid="report-insert-map" />
      </Form.Item>
      <Form.Item name="start" label={t('report.columns.start')} rules={[choose(t, t('report.columns.start'))]}>
        <DatePicker showTime format={TIME_FORMAT} disabledDate={future} data-testid="report-insert-start" />
      </Form.Item>
      <Form.Item name="end" label={t('report.columns.end')} rules={[choose(t, t('report.columns.end'))]}>
        <DatePicker showTime format={TIME_FORMAT} disabledDate={future} data-testid="report-insert-end" />
      </Form.Item>
      <Form.Item name="workArea" label={`${t('report.columns.planned')} (m²)`}>
        <InputNumber {...AREA} data-testid="report-insert-planned" />
      </Form.Item>
      <Form.Item name="cleanedArea" label={`${t('report.columns.cleaned')} (m²)`} rules={[enter(t, `${t('report.columns.cleaned')} (m²)`)]}>
        <InputNumber {...AREA} data-testid="report-insert-cleaned" />
      </Form.Item>
      <Form.Item name="remark" label={t('report.detail.remark')} rules={[{ max: 255 }]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

/** The delete call's devices; the time is the picker's value (sent as ISO text). */
type BeforeValues = Pick<BodyOf<'/api/taskReport/deleteTaskReport'>, 'deviceIds'> & { time: Dayjs };

/** Delete every run of some devices that started before a time (after a confirmation). */
export function DeleteBeforeDialog({ deviceId, onClose }: { deviceId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<BeforeValues>();
  const remove = useDeleteReport();
  const confirmAndDelete = async () => {
    const values = await form.validateFields();
    modal.confirm({
      title: t('report.remove.beforeConfirm'),
      okButtonProps: { danger: true },
      okText: t('report.remove.button'),
      onOk: () =>
        remove
          .mutateAsync({ deviceIds: values.deviceIds, time: values.time.toISOString() })
          .then((done) => {
            void message.success(t('report.remove.done', { count: done.deleted }));
            onClose();
          })
          .catch((error: unknown) => void showOnField(form, error)),
    });
  };
  return (
    <Modal open title={t('report.remove.beforeTitle')} onCancel={onClose} onOk={() => void confirmAndDelete()} okButtonProps={{ danger: true, loading: remove.isPending }} okText={t('report.remove.button')} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ deviceIds: deviceId ? [deviceId] : [] }}>
        <Form.Item name="deviceIds" label={t('report.remove.devices')} rules={[choose(t, t('report.remove.devices'))]}>
          <DevicePicker multiple />
        </Form.Item>
        <Form.Item name="time" label={t('report.remove.time')} rules={[choose(t, t('report.remove.time'))]}>
          <DatePicker showTime />
        </Form.Item>
      </Form>
    </Modal>
  );
}
