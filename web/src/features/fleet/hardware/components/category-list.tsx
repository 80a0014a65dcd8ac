import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, List, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../api/parts';
import { useCategories } from '../../api/parts';
import { usePartGroups } from '../../api/parts';
import { useDeleteCategory } from '../../api/parts';
import { useInsertCategory } from '../../api/parts';
import { useUpdateCategory } from '../../api/parts';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { FormModal } from '@/components/form-modal';
import { RequiredTextField } from '../../components/form-fields';

const PAGE = 'device/hardSupportIndex';

interface CategoryListProps {
  selected?: number;
  onSelect: (cateId: number | undefined) => void;
}

/** The part categories: pick one to filter the accessories; add, rename and delete with the page's keys. */
export function CategoryList({ selected, onSelect }: CategoryListProps) {
  const { t } = useTranslation();
  const can = useCan();
  const categories = useCategories();
  const groups = usePartGroups();
  const counts = new Map((groups.data ?? []).map((g) => [g.cateId, g.list.length]));
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const list = categories.data ?? [];

  return (
    <Card
      title={t('fleet.hardware.categories')}
      size="small"
      extra={
        can(`${PAGE}/add`) ? (
          <Button size="small" color="primary" variant="link" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-category">
            {t('fleet.hardware.addCategory')}
          </Button>
        ) : null
      }
    >
      <QueryState query={categories} rows={3}>
        <List
          className="cf-fleet-categories"
          size="small"
          dataSource={[{ cateId: 0, cateName: t('fleet.hardware.allCategories') }, ...list]}
          renderItem={(item) => {
            const isAll = item.cateId === 0;
            const isSelected = isAll ? selected === undefined : selected === item.cateId;
            return (
              <List.Item
                className={isSelected ? 'is-selected' : undefined}
                onClick={() => onSelect(isAll ? undefined : item.cateId)}
                data-testid={`category-${isAll ? 'all' : item.cateName}`}
                actions={
                  isAll
                    ? []
                    : [
                        can(`${PAGE}/edit`) ? (
                          <Tooltip key="edit" title={t('fleet.hardware.renameCategory')}>
                            <Button
                              size="small"
                              type="text"
                              icon={<EditOutlined />}
                              aria-label={t('fleet.hardware.renameCategory')}
                              onClick={(e) => {
                                e.stopPropagation();
                                setEditing(item);
                              }}
                            />
                          </Tooltip>
                        ) : null,
                        can(`${PAGE}/delete`) ? (
                          <DeleteButton
                            key="delete"
                            confirm={t('fleet.hardware.deleteCategoryConfirm', { name: item.cateName })}
                            onDelete={() =>
                              remove.mutateAsync({ cateId: item.cateId }).then(() => {
                                if (selected === item.cateId) onSelect(undefined);
                              })
                            }
                          />
                        ) : null,
                      ].filter(Boolean)
                }
              >
                <span className="cf-fleet-category">
                  {item.cateName}
                  {!isAll && counts.has(item.cateId) ? <Typography.Text type="secondary">{counts.get(item.cateId)}</Typography.Text> : null}
                </span>
              </List.Item>
            );
          }}
        />
        {list.length === 0 ? <Typography.Text type="secondary">{t('fleet.hardware.noCategories')}</Typography.Text> : null}
      </QueryState>
      {editing ? <CategoryDialog category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function CategoryDialog({ category, onClose }: { category: Category | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cateName: string }>();
  const insert = useInsertCategory();
  const update = useUpdateCategory();
  const saving = insert.isPending || update.isPending;

  const save = async ({ cateName }: { cateName: string }) => {
    if (category) await update.mutateAsync({ cateId: category.cateId, cateName });
    else await insert.mutateAsync({ cateName });
  };

  return (
    <FormModal
      title={category ? t('fleet.hardware.renameCategory') : t('fleet.hardware.addCategory')}
      onSave={save}
      onClose={onClose}
      saving={saving}
      form={form}
      savedText={t('fleet.common.saved')}
      submitOnEnter
      initialValues={{ cateName: category?.cateName ?? '' }}
    >
      <RequiredTextField name="cateName" label={t('fleet.hardware.categoryName')} />
    </FormModal>
  );
}
