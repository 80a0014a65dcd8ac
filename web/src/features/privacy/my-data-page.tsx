import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useDataJobs, useStartExport } from './api/privacy';
import { EraseSection } from './components/erase-section';
import { JobProgress } from './components/job-progress';
import './privacy.css';

const KEY_EXPORT = 'user/index/export_data';
const KEY_ERASE = 'user/index/erase';

function userParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * My data (issue 51 items 6-7): "Download my data" for the signed-in person, the export's progress and its link
 * (7 days). With `?userId=` (from the users list) the same for a user of the branch (key user/index/export_data),
 * and the erasure (key user/index/erase) with its check and typed confirmation.
 */
export default function MyDataPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [params] = useSearchParams();
  const userId = userParam(params.get('userId'));
  const jobs = useDataJobs(userId);
  const start = useStartExport();
  const list = jobs.data?.list ?? [];
  const subject = list[0]?.subjectName ?? (userId === null ? '' : `#${userId}`);
  const erased = list.some((job) => job.kind === 'person_erasure' && job.state === 'done');
  const mayExport = !erased && (userId === null || can(KEY_EXPORT));

  const exportData = () =>
    start
      .mutateAsync(userId === null ? {} : { userId })
      .then(() => void message.success(t('privacy.export.started')))
      .catch(() => undefined);

  return (
    <Card size="small" title={userId === null ? t('privacy.title') : t('privacy.titleOf', { account: subject })} className="cf-privacy-page" data-testid="privacy-page">
      <Typography.Paragraph type="secondary">{userId === null ? t('privacy.intro') : t('privacy.introOf')}</Typography.Paragraph>
      {mayExport && (
        <Button type="primary" icon={<DownloadOutlined />} onClick={exportData} loading={start.isPending} data-testid="export-data">
          {userId === null ? t('privacy.export.mine') : t('privacy.export.theirs')}
        </Button>
      )}
      <section aria-labelledby="cf-jobs-heading" className="cf-privacy-jobs">
        <Typography.Title level={2} id="cf-jobs-heading" className="cf-privacy-heading">
          {t('privacy.jobsHeading')}
        </Typography.Title>
        <QueryState query={jobs}>
          {list.length === 0 ? (
            <Empty description={t('privacy.empty')} />
          ) : (
            <Space orientation="vertical" className="cf-privacy-list">
              {list.map((job) => (
                <JobProgress key={job.id} id={job.id} initial={job} />
              ))}
            </Space>
          )}
        </QueryState>
      </section>
      {userId !== null && !erased && can(KEY_ERASE) && <EraseSection userId={userId} onStarted={() => void jobs.refetch()} />}
    </Card>
  );
}
