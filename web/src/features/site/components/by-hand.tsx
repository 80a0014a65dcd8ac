import { ClearOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { maxChars } from '@/lib/form-rules';
import { useCan } from '@/lib/use-can';
import { useNow } from '@/lib/use-now';
import type { PlannedRun } from '../api/actual';
import { useMarkByHand, useUnmarkByHand } from '../api/by-hand';
import type { PlanItem } from '../api/plans';

const KEY = 'site/index/by_hand';
const NOTE_MAX = 500;
/** The states a mark makes done (the server's rule, sites/plans/byhand.py). */
const UNDONE = new Set(['missed', 'pending', 'short', 'failed']);

/**
 * A planned run's "cleaned by hand" (issue 53 item 5): the mark that made it done, with an undo after a question; or,
 * for a run the robots left undone in a window that has opened, the button that marks the window with a note.
 */
export function ByHandCell({ item, run, marked }: { item: PlanItem; run: PlannedRun; marked: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  const unmark = useUnmarkByHand();
  if (run.byHand) {
    const mark = run.byHand;
    return (
      <Space wrap size={4}>
        <Tag color="green" data-testid="by-hand-tag">{t('site.actual.byHand')}</Tag>
        {can(KEY) ? (
          <Popconfirm title={t('site.actual.byHandUndoTitle')} okText={t('site.actual.byHandUndo')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={() => unmark.mutateAsync(mark.markId).catch(() => undefined)}>
            <Button size="small" data-testid="by-hand-undo">
              {t('site.actual.byHandUndo')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    );
  }
  if (marked || !can(KEY) || !UNDONE.has(run.state) || Date.parse(run.windowStart) > now) return null;
  return (
    <>
      <Button size="small" icon={<ClearOutlined />} onClick={() => setOpen(true)} data-testid="by-hand-mark">
        {t('site.actual.byHandMark')}
      </Button>
      {open ? <ByHandDialog item={item} day={run.day} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ByHandDialog({ item, day, onClose }: { item: PlanItem; day: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const mark = useMarkByHand();
  return (
    <FormModal<{ note: string }>
      title={t('site.actual.byHandTitle')}
      form={form}
      onSave={({ note }) => mark.mutateAsync({ planItemId: item.planItemId, day, note: (note ?? '').trim() })}
      onClose={onClose}
      saving={mark.isPending}
      savedText={t('site.actual.byHandDone')}
      okText={t('site.actual.byHandSave')}
      testId="by-hand-form"
      initialValues={{ note: '' }}
    >
      <Typography.Paragraph>{t('site.actual.byHandHint', { window: `${item.windowStart}–${item.windowEnd}`, day })}</Typography.Paragraph>
      <Form.Item name="note" label={t('site.actual.byHandNote')} rules={[maxChars(t, NOTE_MAX)]}>
        <Input.TextArea rows={3} count={{ show: true, max: NOTE_MAX }} data-testid="by-hand-note" />
      </Form.Item>
    </FormModal>
  );
}
