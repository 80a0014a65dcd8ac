import { Card, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRADES, useHealthList, type Grade } from '@/api/robothealth/health';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { formatTime } from '@/lib/format';
import { GradeChart } from './components/grade-chart';
import { HealthTable } from './components/health-table';

const PAGE_SIZE = 20;
type GradeFilter = Grade | 'all';

/**
 * Robot health (device/health, issue 36 item 3): the robots per grade, then the branch's robots with the drifting
 * ones first, each with its reasons and the links to their evidence.
 */
export default function HealthPage() {
  const { t } = useTranslation();
  const [grade, setGrade] = useState<GradeFilter>('all');
  const [userId, setUserId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const list = useHealthList({ userId, grade: grade === 'all' ? undefined : [grade], currentPage: page, pageSize: PAGE_SIZE });
  const data = list.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="health-page">
      <Card size="small">
        <div className="cf-health-toolbar">
          <div className="cf-scrolls-x" style={{ minWidth: 0 }}>
            <Segmented<GradeFilter>
              value={grade}
              onChange={(value) => {
                setGrade(value);
                setPage(1);
              }}
              aria-label={t('health.page.gradeFilter')}
              options={[{ value: 'all', label: t('health.page.allGrades') }, ...GRADES.map((value) => ({ value, label: value }))]}
              data-testid="health-grade-filter"
            />
          </div>
          <OwnerFilter
            value={userId ?? null}
            onChange={(id) => {
              setUserId(id ?? undefined);
              setPage(1);
            }}
          />
        </div>
        {data?.windowStart && data.windowEnd ? (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="health-window">
            {t('health.page.window', { start: data.windowStart, end: data.windowEnd, at: formatTime(data.computedAt) })}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <QueryState query={list} failedTitle={t('health.page.failed')}>
        {data && !data.computedAt ? (
          <Card>
            <Typography.Paragraph style={{ margin: 0 }} data-testid="health-not-yet">
              {t('health.page.notYet')}
            </Typography.Paragraph>
          </Card>
        ) : data ? (
          <>
            <GradeChart counts={data.counts} />
            <Card size="small" title={t('health.page.robots')}>
              <HealthTable
                page={data}
                loading={list.isFetching}
                onPage={setPage}
                emptyText={grade === 'all' ? t('health.page.empty') : t('health.page.emptyGrade')}
              />
            </Card>
          </>
        ) : null}
      </QueryState>
    </Space>
  );
}
