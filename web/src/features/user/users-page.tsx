import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Select, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchUsers } from './api/users';
import type { UserRow } from './api/types';
import { levelName } from './components/labels';
import { useCan } from '@/lib/use-can';
import { CHILD_LEVEL, KEYS, SEARCH_LEVELS, useActingId, useMe } from './components/user-access';
import { useRoleNames } from './components/use-role-names';
import { userColumns } from './components/user-columns';
import { useUserActions } from './components/use-user-actions';
import { rowKey, useUserTree, type TreeRow } from './components/use-user-tree';
import './user.css';
import { LoadFailed } from '@/components/query-state';

const PAGE_SIZES = [10, 20, 30, 50];

interface Search {
  keyword: string;
  levelDepth: number | null;
}

/**
 * Users (user/index): the tree of the user's child users, opened one level at a time, or a search
 * by login name / name and level. Create, edit, roles, e-mail settings, password reset and delete,
 * each shown only with its permission key.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useMe();
  const actingId = useActingId();
  const can = useCan();
  const [draft, setDraft] = useState<Search>({ keyword: '', levelDepth: null });
  const [search, setSearch] = useState<Search>({ keyword: '', levelDepth: null });
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [searchPage, setSearchPage] = useState({ current: 1, size: 20 });
  const searching = search.keyword.trim() !== '' || search.levelDepth !== null;
  const levels = SEARCH_LEVELS[me.levelDepth] ?? [];
  const childLevel = CHILD_LEVEL[me.levelDepth];

  const tree = useUserTree(actingId, page.current, page.size);
  const found = useSearchUsers(
    {
      keyword: search.keyword.trim() || null,
      levelDepth: search.levelDepth,
      currentPage: searchPage.current,
      pageSize: searchPage.size,
    },
    searching,
  );
  const names = useRoleNames(tree.expandedIds);
  const actions = useUserActions();

  const runSearch = () => {
    setSearch({ keyword: draft.keyword.trim(), levelDepth: draft.levelDepth });
    setSearchPage((p) => ({ ...p, current: 1 }));
  };
  const clearSearch = () => {
    setDraft({ keyword: '', levelDepth: null });
    setSearch({ keyword: '', levelDepth: null });
  };

  const columns = useMemo(
    () => userColumns({ t, names, can, selfId: actingId, onAction: actions.run, onShowMore: tree.showMore, onRetry: tree.retry }),
    [t, names, can, actingId, actions.run, tree.showMore, tree.retry],
  );

  const meAsParent: Pick<UserRow, 'userId' | 'name' | 'account' | 'levelDepth'> = {
    userId: actingId,
    name: me.name,
    account: me.account,
    levelDepth: me.levelDepth,
  };

  const query = searching ? found : tree.root;
  const failed = query.isError && !query.data;
  const rows: TreeRow[] = searching
    ? (found.data?.list ?? []).map((user) => ({ key: rowKey(user.userId), kind: 'user', user }))
    : tree.rows;

  return (
    <div className="cf-users">
      <Card>
        <div className="cf-users__toolbar">
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('user.users.searchPlaceholder')}
              value={draft.keyword}
              onChange={(e) => setDraft((d) => ({ ...d, keyword: e.target.value }))}
              onPressEnter={runSearch}
              className="cf-users__keyword"
              maxLength={64}
              data-testid="user-search"
            />
            {levels.length > 0 && (
              <Select
                allowClear
                placeholder={t('user.users.allLevels')}
                aria-label={t('user.users.levelFilter')}
                value={draft.levelDepth}
                onChange={(value: number | null | undefined) => setDraft((d) => ({ ...d, levelDepth: value ?? null }))}
                options={levels.map((level) => ({ value: level, label: levelName(t, level) }))}
                className="cf-users__level"
                data-testid="user-level"
              />
            )}
            <Button type="primary" icon={<SearchOutlined />} onClick={runSearch} data-testid="user-search-button">
              {t('user.common.search')}
            </Button>
            <Button onClick={clearSearch} disabled={!searching && draft.keyword === '' && draft.levelDepth === null}>
              {t('user.common.reset')}
            </Button>
          </Space>
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => void (searching ? found.refetch() : tree.reload())} aria-label={t('common.reload')} />
            {childLevel !== undefined && can(KEYS.userAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => actions.run('create', meAsParent as UserRow)} data-testid="user-add">
                {t('user.users.add', { level: levelName(t, childLevel) })}
              </Button>
            )}
          </Space>
        </div>
        {failed ? (
          <LoadFailed title={t('user.common.loadFailed')} onRetry={query.refetch} retryText={t('user.common.retry')} />
        ) : (
          <Table<TreeRow>
            rowKey="key"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={query.isLoading || (query.isFetching && !query.isLoading && rows.length === 0)}
            scroll={{ x: 1080 }}
            expandable={
              searching
                ? { showExpandColumn: false }
                : {
                    expandedRowKeys: tree.expandedKeys,
                    onExpand: (open, row) => row.kind === 'user' && tree.toggle(row.user.userId, open),
                    indentSize: 20,
                  }
            }
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searching ? t('user.users.emptySearch') : t('user.users.empty')} />
              ),
            }}
            pagination={
              searching
                ? {
                    current: searchPage.current,
                    pageSize: searchPage.size,
                    total: found.data?.total ?? 0,
                    showSizeChanger: true,
                    pageSizeOptions: PAGE_SIZES,
                    showTotal: (total) => t('user.common.total', { count: total }),
                    onChange: (current, size) => setSearchPage({ current, size }),
                  }
                : {
                    current: page.current,
                    pageSize: page.size,
                    total: tree.total,
                    showSizeChanger: true,
                    pageSizeOptions: PAGE_SIZES,
                    showTotal: (total) => t('user.common.total', { count: total }),
                    onChange: (current, size) => setPage({ current, size }),
                  }
            }
          />
        )}
      </Card>
      {actions.dialogs}
    </div>
  );
}
