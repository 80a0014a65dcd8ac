import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import type { SiteDetail } from '../api/sites';
import { useDeletePlanItem, usePlanItems, type PlanItem } from '../api/plans';
import { planItemColumns } from './plan-columns';
import { PlanDialog } from './plan-dialog';

const PLAN = 'site/index/plan';

/** A site's cleaning plan: its items (floor, days, window, runs a day, targets, when it applies); add, edit, delete. */
export function PlanPanel({ site }: { site: SiteDetail }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const items = usePlanItems(site.siteId);
  const remove = useDeletePlanItem();
  const [editing, setEditing] = useState<PlanItem | 'new' | null>(null);
  const canPlan = can(PLAN);
  const hasFloors = site.buildings.some((b) => b.floors.length > 0);
  const columns: ColumnsType<PlanItem> = planItemColumns(t, i18n.language);
  if (canPlan) {
    columns.push({
      title: t('site.list.actions'),
      key: 'actions',
      width: 120,
      render: (_, item) => (
        <Space size={4}>
          <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(item)} data-testid={`edit-plan-${item.planItemId}`}>
            {t('site.list.edit')}
          </Button>
          <DeleteButton
            confirm={t('site.plan.deleteConfirm', { floor: item.floorName, window: `${item.windowStart}–${item.windowEnd}` })}
            successText={t('site.plan.deleted')}
            onDelete={() => remove.mutateAsync({ planItemId: item.planItemId })}
            testId={`delete-plan-${item.planItemId}`}
          />
        </Space>
      ),
    });
  }
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="site-plan">
      <div className="cf-site-toolbar">
        <Typography.Text type="secondary">{t('site.plan.siteClock', { zone: site.timeZone })}</Typography.Text>
        {canPlan ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={!hasFloors} onClick={() => setEditing('new')} data-testid="add-plan-item">
            {t('site.plan.add')}
          </Button>
        ) : null}
      </div>
      {canPlan && !hasFloors ? <Alert type="info" showIcon title={t('site.plan.needFloor')} /> : null}
      <QueryState query={items}>
        <ResponsiveTable<PlanItem>
          size="small"
          rowKey="planItemId"
          columns={columns}
          dataSource={items.data ?? []}
          loading={items.isFetching && !items.isPending}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: t('site.plan.empty') }}
          scroll={{ x: 'max-content' }}
          cardTestId="plan-card"
          data-testid="plan-table"
        />
      </QueryState>
      {editing ? <PlanDialog site={site} item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Space>
  );
}
