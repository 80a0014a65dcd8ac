import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLiveEvent } from '@/lib/live/connection';
import { isApiError } from '@/api/errors';
import { useUnreadMessages } from '@/api/message/unread';
import { Code } from '@/api/codes';
import { cleanCache, cleanToken } from '@/api/session';
import { isAvailable } from '@/lib/availability';
import { exit } from '../session-actions';
import { hasPermission, type SessionUser } from '@/lib/session';
import { UI_SIZES, useUiPreferences, type UiSize } from '../stores/ui-preferences';
import { useFeedback } from '../feedback';
import { useLoadedWhenIdle } from '@/lib/when-idle';
import { openApiReference } from '@/components/api-reference-link';
import type { DialogProps } from '@/components/dialog-props';
import { USER_DIALOG_ORDER, dialogVisible, userDialogs, type UserDialogId } from './user-menu-registry';

type MenuItems = NonNullable<MenuProps['items']>;

const SIZE_LABEL = { small: 'userMenu.sizeSmall', default: 'userMenu.sizeMiddle', large: 'userMenu.sizeLarge' } as const;

const dialogComponents: Partial<Record<UserDialogId, LazyExoticComponent<ComponentType<DialogProps>>>> =
  Object.fromEntries(Object.entries(userDialogs).map(([id, load]) => [id, lazy(load)]));

// the unread-count badge (antd's animated Badge) and the entries' icons come after the first paint
const loadExtras = () => import('./user-menu-extras');

/** The user's picture, or the user icon, in a circle (antd's Avatar look, without its chunk). */
function UserAvatar({ src }: { src: string }) {
  return <span className="cf-user__avatar">{src ? <img src={src} alt="" /> : <UserOutlined />}</span>;
}

/** Joins non-empty sections with dividers. */
function sections(...parts: MenuItems[]): MenuItems {
  return parts
    .filter((part) => part.length > 0)
    .flatMap((part, i) => (i === 0 ? part : [{ type: 'divider' as const }, ...part]));
}

/** The avatar menu: profile dialogs, messages, size, the API reference (integrators), clear data, clear token,
 * sign out. */
/** The menu's entries that open a page: the message centre, and a person's own pages (issue 50: sessions and
 * tokens, item 8; two factors, items 5-7), open to everyone signed in, no key. */
const PAGES = { messages: '/message/index', sessions: '/user/sessions', factors: '/user/factors', privacy: '/user/privacy' } as const;

function personalItems(t: TFunction): MenuItems {
  return (['sessions', 'factors', 'privacy'] as const).map((key) => ({ key, label: <span data-testid={`menu-${key}`}>{t(`userMenu.${key}`)}</span> }));
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const extras = useLoadedWhenIdle(loadExtras);
  const icons = extras?.menuIcons;
  const navigate = useNavigate();
  const size = useUiPreferences((s) => s.size);
  const setSize = useUiPreferences((s) => s.setSize);
  const [dialog, setDialog] = useState<UserDialogId | null>(null);
  const [exiting, setExiting] = useState(false);
  const hasMessages = isAvailable('message/index', user);
  const unread = useUnreadMessages(hasMessages);
  const unreadCount = unread.data ?? 0;
  // a new or resolved alarm writes a message to its device's owner: ask again (the count is one cheap call)
  useLiveEvent('alarms', () => {
    if (hasMessages) void unread.refetch();
  });

  const runConfirmed = (kind: 'clearData' | 'clearToken') => {
    const call = kind === 'clearData' ? cleanCache : cleanToken;
    modal.confirm({
      title: t(`userMenu.${kind}Title`),
      content: t(`userMenu.${kind}Content`),
      okText: t(`userMenu.${kind}Confirm`),
      okButtonProps: { danger: true, 'data-testid': `confirm-${kind}` },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await call({ quiet: true });
          void message.success(t(`userMenu.${kind}Success`));
        } catch (error) {
          if (isApiError(error) && error.code === Code.sessionInvalid) return;
          const detail = isApiError(error) ? ` ${error.message}` : '';
          void message.error(`${t(`userMenu.${kind}Failed`)}${detail}`, 5);
        }
      },
    });
  };

  const profile: MenuItems = [...USER_DIALOG_ORDER.filter((id) => dialogVisible(id, user.levelDepth)).map((id) => ({
    key: `dialog:${id}`,
    label: t(`userMenu.${id}`),
  })), ...personalItems(t)];
  if (isAvailable('message/index', user)) {
    profile.push({
      key: 'messages',
      icon: icons?.messages,
      label: (
        <span data-testid="menu-messages">
          {t('userMenu.messages')} {extras && <extras.UnreadBadge count={unreadCount} testId="unread-messages" />}
        </span>
      ),
    });
  }
  const preferences: MenuItems = [
    {
      key: 'size',
      icon: icons?.size,
      label: t('userMenu.uiSize'),
      children: UI_SIZES.map((s) => ({ key: `size:${s}`, label: t(SIZE_LABEL[s]) })),
    },
  ];
  // the server's API reference (a new tab), for those who connect other systems: API tokens or webhooks
  if (hasPermission(user, 'integration/token') || hasPermission(user, 'integration/webhook')) {
    preferences.push({
      key: 'apiReference',
      icon: icons?.apiReference,
      label: <span data-testid="menu-api-reference">{t('userMenu.apiReference')}</span>,
    });
  }
  const maintenance: MenuItems = [];
  if (hasPermission(user, 'index/clear_data')) {
    maintenance.push({ key: 'clearData', icon: icons?.clearData, label: t('userMenu.clearData') });
  }
  if (hasPermission(user, 'index/clear_token')) {
    maintenance.push({ key: 'clearToken', icon: icons?.clearToken, label: t('userMenu.clearToken') });
  }
  const leave: MenuItems = [{ key: 'exit', icon: icons?.exit, label: t('userMenu.exit'), danger: true }];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('dialog:')) setDialog(key.slice('dialog:'.length) as UserDialogId);
    else if (key.startsWith('size:')) setSize(key.slice('size:'.length) as UiSize);
    else if (key in PAGES) void navigate(PAGES[key as keyof typeof PAGES]);
    else if (key === 'apiReference') openApiReference();
    else if (key === 'clearData' || key === 'clearToken') runConfirmed(key);
    else if (key === 'exit') {
      setExiting(true);
      void exit().finally(() => setExiting(false));
    } else void message.error(t('messages.invalidOperation'));
  };

  const Dialog = dialog ? dialogComponents[dialog] : undefined;

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items: sections(profile, preferences, maintenance, leave), onClick, selectedKeys: [`size:${size}`] }}
      >
        <Button type="text" className="cf-user" loading={exiting} data-testid="user-menu">
          {extras ? (
            <extras.UnreadBadge count={unreadCount} offset={[-2, 2]} testId="unread-badge">
              <UserAvatar src={user.avatarUrl} />
            </extras.UnreadBadge>
          ) : (
            <span className="cf-user__badge">
              <UserAvatar src={user.avatarUrl} />
            </span>
          )}
          <span className="cf-user__name">{user.name || user.account}</span>
          <DownOutlined className="cf-user__caret" />
        </Button>
      </Dropdown>
      {Dialog && (
        <Suspense fallback={null}>
          <Dialog open onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
