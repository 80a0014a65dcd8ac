import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CheckGroup } from '@/components/check-group';
import { FormModal } from '@/components/form-modal';
import { choose, enter, numberBetween } from '@/lib/form-rules';
import { dayParam } from '@/lib/day-range';
import type { SiteDetail } from '../api/sites';
import { useInsertPlanItem, useUpdatePlanItem, type PlanItem } from '../api/plans';
import { CLOCK_PATTERN, WEEKDAYS, weekdayName, windowInOrder } from '../lib/clock';
import type { BodyOf } from '@/api/types';

/** The add call's body: the floor is picked, the names are text (trimmed on save), the validity the pickers' days. */
type PlanValues = Omit<BodyOf<'/api/site/plan/insert'>, 'siteId' | 'floorId' | 'areaName' | 'taskName' | 'validFrom' | 'validUntil'> & {
  floorId?: number;
  areaName: string;
  taskName: string;
  validFrom: Dayjs | null;
  validUntil: Dayjs | null;
};

type PlanField = 'floor' | 'areaName' | 'taskName' | 'weekdays' | 'windowStart' | 'windowEnd' | 'runsPerDay' | 'minArea' | 'minCoverage' | 'validFrom' | 'validUntil';

function initialValues(item: PlanItem | null, floorId: number | undefined): PlanValues {
  return {
    floorId: item?.floorId ?? floorId,
    areaName: item?.areaName ?? '',
    taskName: item?.taskName ?? '',
    weekdays: item?.weekdays ?? [...WEEKDAYS],
    windowStart: item?.windowStart ?? '',
    windowEnd: item?.windowEnd ?? '',
    runsPerDay: item?.runsPerDay ?? 1,
    minArea: item?.minArea ?? null,
    minCoverage: item?.minCoverage ?? null,
    validFrom: item ? dayjs(item.validFrom) : null,
    validUntil: item?.validUntil ? dayjs(item.validUntil) : null,
  };
}

/**
 * Add or edit a plan item: a floor of the site, the weekdays, a window of the site's day (HH:MM; the server
 * refuses one that ends before it starts, at the window's end), runs a day, the targets and the days it applies.
 */
export function PlanDialog({ site, item, onClose }: { site: SiteDetail; item: PlanItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PlanValues>();
  const insert = useInsertPlanItem();
  const update = useUpdatePlanItem();
  const floors = site.buildings.map((b) => ({ label: b.buildingName, title: b.buildingName, options: b.floors.map((f) => ({ value: f.floorId, label: `${b.buildingName} · ${f.floorName}` })) }));
  const firstFloor = site.buildings.flatMap((b) => b.floors)[0]?.floorId;
  const save = async (values: PlanValues) => {
    const body = {
      floorId: values.floorId as number,
      areaName: values.areaName.trim(),
      taskName: values.taskName.trim(),
      weekdays: values.weekdays.toSorted((a, b) => a - b),
      windowStart: values.windowStart.trim(),
      windowEnd: values.windowEnd.trim(),
      runsPerDay: values.runsPerDay,
      minArea: values.minArea ?? null,
      minCoverage: values.minCoverage ?? null,
      validUntil: values.validUntil ? dayParam(values.validUntil) : null,
      ...(values.validFrom ? { validFrom: dayParam(values.validFrom) } : {}),
    };
    if (item) await update.mutateAsync({ planItemId: item.planItemId, ...body });
    else await insert.mutateAsync({ siteId: site.siteId, ...body });
  };
  const label = (key: PlanField) => t(`site.plan.${key}`);
  const clockRules = (key: PlanField) => [enter(t, label(key)), { pattern: CLOCK_PATTERN, message: t('site.plan.clockFormat') }];
  return (
    <FormModal<PlanValues>
      title={item ? t('site.plan.editTitle') : t('site.plan.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={insert.isPending || update.isPending}
      savedText={item ? t('site.plan.saved') : t('site.plan.created')}
      width={760}
      testId="plan-form"
      initialValues={initialValues(item, firstFloor)}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="floorId" label={label('floor')} rules={[choose(t, label('floor'))]}>
            <Select<number> options={floors} showSearch={{ optionFilterProp: 'label' }} data-testid="plan-floor" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="areaName" label={label('areaName')}>
            <Input maxLength={64} placeholder={t('site.plan.areaPlaceholder')} data-testid="plan-area" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="taskName" label={label('taskName')} extra={t('site.plan.taskHelp')}>
            <Input maxLength={128} placeholder={t('site.plan.anyTask')} data-testid="plan-task" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="weekdays" label={label('weekdays')} rules={[choose(t, label('weekdays'))]}>
            <CheckGroup<number> options={WEEKDAYS.map((d) => ({ value: d, label: weekdayName(d, i18n.language) }))} data-testid="plan-weekdays" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <p className="cf-site-note">{t('site.plan.siteClock', { zone: site.timeZone })}</p>
          <p className="cf-site-note" data-testid="plan-same-day">{t('site.plan.sameDay')}</p>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="windowStart" label={label('windowStart')} rules={clockRules('windowStart')}>
            <Input inputMode="numeric" maxLength={5} placeholder="08:00" data-testid="plan-start" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="windowEnd"
            label={label('windowEnd')}
            dependencies={['windowStart']}
            rules={[
              ...clockRules('windowEnd'),
              ({ getFieldValue }) => ({
                validator: (_, value?: string) => {
                  const start = String(getFieldValue('windowStart') ?? '').trim();
                  const end = String(value ?? '').trim();
                  return windowInOrder(start, end) ? Promise.resolve() : Promise.reject(new Error(t('site.plan.windowOrder', { start, end })));
                },
              }),
            ]}
          >
            <Input inputMode="numeric" maxLength={5} placeholder="10:00" data-testid="plan-end" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="runsPerDay" label={label('runsPerDay')} rules={[enter(t, label('runsPerDay')), numberBetween(t, 1, 24, true)]}>
            <InputNumber precision={0} style={{ width: '100%' }} data-testid="plan-runs" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="minArea" label={label('minArea')} rules={[numberBetween(t, 0, 10_000_000)]}>
            <InputNumber style={{ width: '100%' }} placeholder={t('site.plan.noTarget')} data-testid="plan-min-area" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="minCoverage" label={label('minCoverage')} rules={[numberBetween(t, 0, 100)]}>
            <InputNumber style={{ width: '100%' }} placeholder={t('site.plan.noTarget')} data-testid="plan-min-coverage" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="validFrom" label={label('validFrom')}>
            <DatePicker style={{ width: '100%' }} placeholder={t('site.plan.fromDefault')} data-testid="plan-from" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="validUntil" label={label('validUntil')}>
            <DatePicker style={{ width: '100%' }} placeholder={t('site.plan.openEnded')} data-testid="plan-until" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
