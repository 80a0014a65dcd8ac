import { DeleteOutlined, FilePdfOutlined, FileExcelOutlined, MailOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Divider, Form, Input, Radio, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/errors';
import { showOnField } from '@/components/form-refusal';
import { QueryState } from '@/components/query-state';
import { LANGUAGES } from '@/i18n/languages';
import { useCan } from '@/lib/use-can';
import type { SiteDetail } from '../api/sites';
import {
  downloadReport,
  useReportSchedule,
  useSaveReportSchedule,
  useSendReport,
  type ReportKind,
  type ReportSchedule,
} from '../api/report';
import { SiteDayPicker } from './site-day-picker';
import type { BodyOf } from '@/api/types';

const EDIT = 'site/index/edit';
const MAX_RECIPIENTS = 20;
type Period = 'week' | 'month';

/** The schedule call's body; the site is the panel's. */
type ScheduleValues = Omit<BodyOf<'/api/site/report/schedule/set'>, 'siteId'>;

/** A site's report: download a week or a month as PDF or xlsx, and the schedule that mails it. */
export function ReportPanel({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-report">
      <Typography.Text type="secondary">{t('site.report.intro', { zone: site.timeZone })}</Typography.Text>
      <ReportDownloads siteId={site.siteId} />
      <Divider titlePlacement="start">{t('site.report.scheduleTitle')}</Divider>
      <ScheduleSection siteId={site.siteId} zone={site.timeZone} />
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

function ScheduleSection({ siteId, zone }: { siteId: number; zone: string }) {
  const schedule = useReportSchedule(siteId);
  return (
    <QueryState query={schedule}>
      {schedule.data ? (
        <>
          <ScheduleForm siteId={siteId} schedule={schedule.data} zone={zone} />
          <SendNow siteId={siteId} schedule={schedule.data} />
        </>
      ) : null}
    </QueryState>
  );
}

/** A moment on the site's clock, as "2025-03-17 01:00". */
export function siteMoment(iso: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** "Send now": the last full period mailed at once, to the saved recipients (editors) or to oneself. */
function SendNow({ siteId, schedule }: { siteId: number; schedule: ReportSchedule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const send = useSendReport(siteId);
  const [target, setTarget] = useState<'recipients' | 'me' | null>(null);
  const go = (to: 'recipients' | 'me') => {
    setTarget(to);
    send
      .mutateAsync({ to })
      .then((sent) => {
        if (sent.sent.length) void message.success(t('site.report.sent', { start: sent.start, end: sent.end, list: sent.sent.join(', ') }));
        if (sent.failed.length) void message.warning(t('site.report.notDelivered', { list: sent.failed.join(', ') }));
      })
      .catch(() => undefined) // a refusal names `to` and was toasted by the client
      .finally(() => setTarget(null));
  };
  return (
    <Space orientation="vertical" size={4} data-testid="report-send-now">
      <Typography.Text type="secondary">{t('site.report.sendHint')}</Typography.Text>
      <Space wrap>
        {can(EDIT) ? (
          <Button
            icon={<SendOutlined />}
            loading={target === 'recipients'}
            disabled={target !== null || schedule.recipients.length === 0}
            onClick={() => go('recipients')}
            data-testid="report-send-recipients"
          >
            {t('site.report.sendRecipients')}
          </Button>
        ) : null}
        <Button icon={<MailOutlined />} loading={target === 'me'} disabled={target !== null} onClick={() => go('me')} data-testid="report-send-me">
          {t('site.report.sendMe')}
        </Button>
      </Space>
    </Space>
  );
}

function ScheduleForm({ siteId, schedule, zone }: { siteId: number; schedule: ReportSchedule; zone: string }) {
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
      {schedule.nextSend ? (
        <Typography.Paragraph data-testid="report-next-send">
          {t(schedule.lastSent ? 'site.report.nextSend' : 'site.report.firstSend', {
            time: siteMoment(schedule.nextSend, zone),
            zone,
            start: schedule.nextStart,
            end: schedule.nextEnd,
          })}
        </Typography.Paragraph>
      ) : null}
      {editable ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="report-save">
          {t('site.report.save')}
        </Button>
      ) : null}
    </Form>
  );
}
