import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';

/** A row's delete link behind a confirmation, shown to users holding device/taskList/delete. */
export function DeleteAction({ confirm, onDelete }: { confirm: string; onDelete: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('device/taskList/delete')) return null;
  return (
    <Popconfirm title={confirm} okButtonProps={{ danger: true }} onConfirm={() => onDelete().catch(() => undefined)}>
      <Button size="small" type="link" danger>
        {t('task.common.delete')}
      </Button>
    </Popconfirm>
  );
}
