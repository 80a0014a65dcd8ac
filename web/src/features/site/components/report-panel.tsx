import { DeleteOutlined, FilePdfOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Divider, Form, Input, Radio, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { showOnField } from '@/components/form-refusal';
import { QueryState } from '@/components/query-state';
import { LANGUAGES } from '@/i18n/languages';
import { useCan } from '@/lib/use-can';
import type { SiteDetail } from '../api/get-site';
import { downloadReport, useReportSchedule, useSaveReportSchedule, type ReportKind, type ReportLanguage, type ReportSchedule } from '../api/report';
import { SiteDayPicker } from './site-day-picker';

const EDIT = 'site/index/edit';
const MAX_RECIPIENTS = 20;
type Period = 'week' | 'month';

interface ScheduleValues {
  enabled: boolean;
  period: Period;
  recipients: { email: string; language: ReportLanguage }[];
}

/** A site's report: download a week or a month as PDF or xlsx, and the schedule that mails it. */
export function ReportPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-report">
      <Typography.Text type="secondary">{t('site.report.intro', { zone: site.timeZone })}</Typography.Text>
      <ReportDownloads siteId={site.siteId} />
      <Divider titlePlacement="start">{t('site.report.scheduleTitle')}</Divider>
      <ScheduleSection siteId={site.siteId} />
    </Space>
  );
}

function ReportDownloads({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [period, setPeriod] = useState<Period>('month');
  const [day, setDay] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReportKind | null>(null);
  const download = (kind: ReportKind) => {
    setBusy(kind);
    downloadReport(kind, { siteId, period, day })
      .then((name) => void message.success(t('site.report.downloaded', { name })))
      .catch((error: unknown) => {
        // a refusal was toasted by the client; a failed connection or a broken answer is said here
        if (!isApiError(error)) void message.error(t('site.report.downloadFailed'));
      })
      .finally(() => setBusy(null));
  };
  return (
    <div className="cf-site-toolbar" data-testid="report-downloads">
      <Space wrap>
        <Radio.Group
          optionType="button"
          value={period}
          onChange={(e) => setPeriod(e.target.value as Period)}
          options={[
            { value: 'week', label: t('site.report.week') },
            { value: 'month', label: t('site.report.month') },
          ]}
          aria-label={t('site.report.period')}
          data-testid="report-period"
        />
        <SiteDayPicker value={day} onChange={setDay} picker={period} placeholder={t('site.report.day')} data-testid="report-day" />
      </Space>
      <Space wrap>
        <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={busy !== null} onClick={() => download('pdf')} data-testid="report-pdf">
          {t('site.report.pdf')}
        </Button>
        <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} disabled={busy !== null} onClick={() => download('xlsx')} data-testid="report-xlsx">
          {t('site.report.xlsx')}
        </Button>
      </Space>
    </div>
  );
}

function ScheduleSection({ siteId }: { siteId: number }) {
  const schedule = useReportSchedule(siteId);
  return <QueryState query={schedule}>{schedule.data ? <ScheduleForm siteId={siteId} schedule={schedule.data} /> : null}</QueryState>;
}

function ScheduleForm({ siteId, schedule }: { siteId: number; schedule: ReportSchedule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const editable = can(EDIT);
  const [form] = Form.useForm<ScheduleValues>();
  const save = useSaveReportSchedule(siteId);
  useEffect(() => {
    form.setFieldsValue({ enabled: schedule.enabled, period: schedule.period, recipients: schedule.recipients });
  }, [form, schedule]);
  const submit = (values: ScheduleValues) =>
    save
      .mutateAsync({ siteId, enabled: values.enabled, period: values.period, recipients: values.recipients ?? [] })
      .then(() => void message.success(t('site.report.saved')))
      .catch((error: unknown) => void showOnField(form, error));
  const languages = LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }));
  return (
    <Form<ScheduleValues> form={form} layout="vertical" disabled={!editable} onFinish={submit} data-testid="report-schedule">
      <Space wrap size={24}>
        <Form.Item name="enabled" label={t('site.report.enabled')} valuePropName="checked">
          <Switch data-testid="report-enabled" />
        </Form.Item>
        <Form.Item name="period" label={t('site.report.every')}>
          <Radio.Group
            options={[
              { value: 'week', label: t('site.report.weekly') },
              { value: 'month', label: t('site.report.monthly') },
            ]}
            data-testid="report-every"
          />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">{t('site.report.when')}</Typography.Paragraph>
      <Form.List name="recipients">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="start" wrap data-testid={`report-recipient-${index}`}>
                <Form.Item
                  name={[field.name, 'email']}
                  label={index === 0 ? t('site.report.email') : undefined}
                  rules={[{ required: true, type: 'email', message: t('site.report.emailInvalid') }]}
                >
                  <Input type="email" placeholder="facilities@example.com" aria-label={t('site.report.email')} style={{ width: 280 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'language']} label={index === 0 ? t('site.report.language') : undefined}>
                  <Select options={languages} aria-label={t('site.report.language')} style={{ width: 160 }} />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('site.report.remove')}
                  onClick={() => remove(field.name)}
                  style={index === 0 ? { marginTop: 30 } : undefined}
                />
              </Space>
            ))}
            {fields.length < MAX_RECIPIENTS ? (
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({ email: '', language: 'zh-CN' })} data-testid="report-add-recipient">
                  {t('site.report.addRecipient')}
                </Button>
              </Form.Item>
            ) : null}
          </>
        )}
      </Form.List>
      {schedule.lastSent ? <Typography.Paragraph type="secondary">{t('site.report.lastSent', { day: schedule.lastSent })}</Typography.Paragraph> : null}
      {editable ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="report-save">
          {t('site.report.save')}
        </Button>
      ) : null}
    </Form>
  );
}
