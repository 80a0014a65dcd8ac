import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnerTree, type OwnerNode } from '../api/get-owner-tree';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

function toOptions(nodes: readonly OwnerNode[]): TreeOption[] {
  return nodes.map((node) => {
    const children = (node as { children?: OwnerNode[] }).children ?? [];
    return {
      value: node.userId,
      title: node.name && node.name !== node.account ? `${node.name} (${node.account})` : node.account,
      children: children.length ? toOptions(children) : undefined,
    };
  });
}

interface OwnerPickerProps {
  value?: number;
  onChange?: (userId: number | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}

/** An owner from the caller's subtree (a searchable tree); cleared means "all of my subtree". */
export function OwnerPicker({ value, onChange, placeholder, style, id }: OwnerPickerProps) {
  const { t } = useTranslation();
  const tree = useOwnerTree();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number>
      id={id}
      data-testid="owner-picker"
      style={{ minWidth: 220, ...style }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      treeData={options}
      loading={tree.isPending}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      placeholder={placeholder ?? t('fleet.common.allOwners')}
      popupMatchSelectWidth={false}
      notFoundContent={tree.isError ? t('fleet.common.loadFailed') : undefined}
    />
  );
}
