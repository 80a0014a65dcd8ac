import { Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState, type Key, type ReactNode } from 'react';
import { useIsPhone } from '@/lib/use-is-phone';
import './responsive-table.css';

type Columns<T> = NonNullable<TableProps<T>['columns']>;

export interface ResponsiveTableProps<T> extends TableProps<T> {
  /**
   * The column whose cell heads each phone card (its title is not repeated); the first column by default.
   */
  cardTitleKey?: Key;
  /** The column drawn as the card's touch actions, below its facts; `actions` by default. */
  cardActionsKey?: Key;
  /** The test id of each phone card (suffixed with the row's key): `${cardTestId}-${rowKey}`. */
  cardTestId?: string;
}

/**
 * A table on a desktop, a list of cards on a phone (issue 32): the cards are drawn from the same column
 * definitions and render functions, so each fact is written once. A card shows the title column's cell on top,
 * every other column's title over its value, and the actions column at the bottom with touch-sized buttons.
 * Paging, loading and the empty text follow the table's props. `data-testid` stays on the outer element in
 * both forms. Row selection and expandable rows are a desktop's: a table needing them on a phone keeps the table.
 */
export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const phone = useIsPhone();
  const { cardTitleKey: _title, cardActionsKey: _actions, cardTestId: _cards, ...table } = props;
  if (!phone || table.rowSelection || table.expandable) return <Table<T> {...table} />;
  return <ResponsiveCards<T> {...props} />;
}

/** The phone's form of a ResponsiveTable; exported for the tests and for a list that is cards alone. */
export function ResponsiveCards<T extends object>(props: ResponsiveTableProps<T>) {
  const { columns = [], dataSource = [], loading, pagination, locale, cardTestId } = props;
  const flat = flatColumns(columns);
  const titleKey = props.cardTitleKey ?? columnKey(flat[0], 0);
  const actionsKey = props.cardActionsKey ?? 'actions';
  const title = flat.find((c, i) => columnKey(c, i) === titleKey);
  const actions = flat.find((c, i) => columnKey(c, i) === actionsKey);
  const facts = flat.filter((c) => c !== title && c !== actions);
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  const [localPage, setLocalPage] = useState(1);
  const page = pagination ? localPaging(pagination, dataSource.length, localPage, setLocalPage) : null;
  const rows = page?.local ? dataSource.slice((page.current - 1) * page.pageSize, page.current * page.pageSize) : dataSource;
  return (
    <div className={['cf-rcards', props.className].filter(Boolean).join(' ')} data-testid={(props as { 'data-testid'?: string })['data-testid']}>
      <Spin spinning={spinning}>
        {rows.length === 0 ? (
          (locale?.emptyText as ReactNode) ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <ul className="cf-rcards__list">
            {rows.map((record, index) => {
              const key = rowKeyOf(props.rowKey, record, index);
              return (
                <li key={key} className="cf-rcard" data-testid={cardTestId ? `${cardTestId}-${key}` : undefined}>
                  {title ? <div className="cf-rcard__title">{cellOf(title, record, index)}</div> : null}
                  <dl className="cf-rcard__fields">
                    {facts.map((column, i) => (
                      <CardFact key={String(columnKey(column, i))} title={column.title as ReactNode} value={cellOf(column, record, index)} />
                    ))}
                  </dl>
                  {actions ? <div className="cf-rcard__actions">{cellOf(actions, record, index)}</div> : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {page && page.total ? (
        <div className="cf-rcards__pager">
          {page.total > page.pageSize ? (
            <Pagination simple current={page.current} pageSize={page.pageSize} total={page.total} onChange={page.onChange} />
          ) : null}
          {page.showTotal ? <span className="cf-rcards__total">{page.showTotal(page.total, [1, page.total])}</span> : null}
        </div>
      ) : null}
    </div>
  );
}

function CardFact({ title, value }: { title: ReactNode; value: ReactNode }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>{value ?? '—'}</dd>
    </>
  );
}

interface Paging {
  current: number;
  pageSize: number;
  total: number;
  /** Paged here, in the browser (the table was given every row and no total). */
  local: boolean;
  onChange?: (page: number, pageSize: number) => void;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
}

/** The cards' paging: the server's (a total was given) or, as antd's table does without one, of the rows given. */
function localPaging(pagination: Exclude<TableProps<unknown>['pagination'], false | undefined>, rows: number, localPage: number, setLocalPage: (page: number) => void): Paging {
  const pageSize = pagination.pageSize ?? 10;
  const local = pagination.total === undefined;
  return {
    current: local ? localPage : (pagination.current ?? 1),
    pageSize,
    total: pagination.total ?? rows,
    local,
    onChange: (next, size) => {
      if (local) setLocalPage(next);
      pagination.onChange?.(next, size);
    },
    showTotal: pagination.showTotal,
  };
}

/** Column groups give their children; a hidden column is left out. */
export function flatColumns<T>(columns: Columns<T>): ColumnType<T>[] {
  return columns.flatMap((column) => {
    if ('children' in column && column.children) return flatColumns(column.children);
    return (column as ColumnType<T>).hidden ? [] : [column as ColumnType<T>];
  });
}

function columnKey<T>(column: ColumnType<T> | undefined, index: number): Key {
  if (!column) return index;
  if (column.key !== undefined) return column.key;
  if (typeof column.dataIndex === 'string' || typeof column.dataIndex === 'number') return column.dataIndex;
  return index;
}

/** A cell as the table draws it: the column's render function over its dataIndex's value. */
export function cellOf<T>(column: ColumnType<T>, record: T, index: number): ReactNode {
  const value = valueAt(record, column.dataIndex);
  if (column.render) {
    const drawn: unknown = column.render(value, record, index);
    return isCellObject(drawn) ? drawn.children : (drawn as ReactNode);
  }
  return value === null || value === undefined ? null : (value as ReactNode);
}

function isCellObject(value: unknown): value is { children: ReactNode } {
  return typeof value === 'object' && value !== null && 'children' in value && 'props' in value && !('$$typeof' in value);
}

function valueAt(record: unknown, path: ColumnType<unknown>['dataIndex']): unknown {
  if (path === undefined || path === null) return undefined;
  const parts = Array.isArray(path) ? path : [path];
  return parts.reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part as string] : undefined), record);
}

function rowKeyOf<T>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const value = rowKey ? (record as Record<string, unknown>)[rowKey as string] : (record as { key?: Key }).key;
  return (value as Key | undefined) ?? index;
}
