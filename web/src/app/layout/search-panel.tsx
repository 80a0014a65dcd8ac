import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Modal, type InputRef } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPage } from '@/lib/availability';
import { ROUTES } from '@/lib/route-table';
import { useSessionStore } from '@/lib/session';
import { permittedRoutes } from './menu-builder';
import { useSearchPanel } from './search-panel-store';

/**
 * product-spec.md 2: `s` opens a search over the pages the user may open (useSearchShortcut); Esc closes it.
 * Its own chunk, fetched when the console is idle (see main-layout.tsx).
 */
/** German titles carry soft hyphens (U+00AD) where they may break: "Benutzerverw" still finds "Benutzer\u00ADverwaltung". */
const plain = (text: string) => text.replaceAll('\u00AD', '');

export function SearchPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const { open, hide } = useSearchPanel();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const inputRef = useRef<InputRef>(null);

  const entries = useMemo(() => {
    const routes = permittedRoutes({ routes: ROUTES, permissionKeys: Object.keys(user?.permissionKeys ?? {}), hasPage });
    return routes
      .filter((route) => route.menu)
      .map((route) => ({
        path: route.path,
        title: t(`routes.${route.key}`),
        group: route.group ? t(`menuGroups.${route.group}`) : '',
      }));
  }, [user, t]);

  const needle = plain(query.trim().toLocaleLowerCase());
  const matches = needle
    ? entries.filter((e) => [e.title, e.group, e.path].some((text) => plain(text.toLocaleLowerCase()).includes(needle)))
    : entries;

  const close = () => {
    hide();
    setQuery('');
    setSelected(0);
  };

  const go = (path: string | undefined) => {
    if (!path) return;
    close();
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(matches[Math.min(selected, matches.length - 1)]?.path);
    }
  };

  return (
    <Modal
      open={open}
      title={t('search.title')}
      footer={<span className="cf-search__hint">{t('search.hint')}</span>}
      onCancel={close}
      afterOpenChange={(visible) => visible && inputRef.current?.focus()}
      destroyOnHidden
      width={520}
    >
      <Input
        ref={inputRef}
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setSelected(0);
        }}
        onKeyDown={onKeyDown}
        aria-controls="cf-search-results"
        data-testid="search-input"
      />
      {matches.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
      ) : (
        <ul className="cf-search__list" id="cf-search-results" aria-label={t('search.title')}>
          {matches.map((entry, i) => (
            <li key={entry.path}>
              <button
                type="button"
                aria-current={i === selected ? 'true' : undefined}
                className={i === selected ? 'cf-search__item cf-search__item--selected' : 'cf-search__item'}
                onMouseEnter={() => setSelected(i)}
                onClick={() => go(entry.path)}
                tabIndex={-1}
              >
                <span>{entry.title}</span>
                {entry.group && <span className="cf-search__group">{entry.group}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
