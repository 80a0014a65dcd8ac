import { CheckOutlined, DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, List, Modal, Popconfirm, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '@/components/query-state';
import '@/components/responsive-table.css'; // .cf-touch: buttons a finger's size on a phone
import { useCan } from '@/lib/use-can';
import { useDeleteMessage, useMarkRead, useMessages, useOpenMessage, type Message } from './api/messages';

const PAGE_SIZE = 20;
type View = 'unread' | 'all';

const timeText = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm:ss');

/** How many alarms a folded message tells of (a robot's repeats of one problem, issue 45 item 6); none for one. */
function Repeats({ m }: { m: Message }) {
  const { t } = useTranslation();
  if (m.count <= 1) return null;
  return (
    <Tooltip title={t('message.repeatsHint')}>
      <Tag color="orange" variant="filled" data-testid={`message-count-${m.id}`}>
        {t('message.repeats', { count: m.count })}
      </Tag>
    </Tooltip>
  );
}

/**
 * The message centre (message/index): the user's unread or all messages, open one (which marks it read), mark
 * read (one or all), delete.
 */
export default function MessageCentrePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [view, setView] = useState<View>('unread');
  const [currentPage, setCurrentPage] = useState(1);
  const messages = useMessages(view === 'unread', currentPage, PAGE_SIZE);
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  const openMessage = useOpenMessage();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Message | null>(null);
  const unread = messages.data?.unread ?? 0;

  const open = (m: Message) => {
    setOpened(m);
    openMessage.mutate(m.id, { onSuccess: (answer) => setOpened((shown) => (shown?.id === m.id ? answer.message : shown)) });
  };

  const item = (m: Message) => (
    <List.Item
      key={m.id}
      data-testid={`message-${m.id}`}
      actions={[
        // what the message tells of, in the console (an incident: its detail, where it is acknowledged; issue 34)
        m.link?.startsWith('/') ? (
          <Button key="link" type="link" size="small" icon={<ExportOutlined />} onClick={() => void navigate(m.link ?? '/')} data-testid={`link-${m.id}`}>
            {t('message.openLink')}
          </Button>
        ) : null,
        !m.read ? (
          <Button key="read" type="link" size="small" icon={<CheckOutlined />} onClick={() => markRead.mutate({ id: m.id })} data-testid={`read-${m.id}`}>
            {t('message.markRead')}
          </Button>
        ) : null,
        can('message/index/delete') ? (
          <Popconfirm
            key="delete"
            title={t('message.deleteConfirm')}
            okText={t('message.delete')}
            cancelText={t('message.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove
                .mutateAsync({ id: m.id })
                .then(() => void message.success(t('message.deleted')))
                .catch(() => undefined)
            }
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`delete-message-${m.id}`}>
              {t('message.delete')}
            </Button>
          </Popconfirm>
        ) : null,
      ].filter(Boolean)}
    >
      <List.Item.Meta
        title={
          <Space size={6} wrap>
            {!m.read ? <Badge status="error" /> : null}
            <Typography.Link strong={!m.read} onClick={() => open(m)} data-testid={`open-${m.id}`}>
              <bdi>{m.title}</bdi>
            </Typography.Link>
            <Repeats m={m} />
            <Tag bordered={false} data-testid={`message-state-${m.id}`}>
              {m.read ? t('message.read') : t('message.unreadTag')}
            </Tag>
          </Space>
        }
        description={
          <>
            <div>
              <bdi>{m.content}</bdi>
            </div>
            <Typography.Text type="secondary">
              <bdi>{timeText(m.time)}</bdi>
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );

  return (
    <Card
      size="small"
      title={t('message.title')}
      data-testid="message-centre"
      className="cf-touch"
      extra={
        <Button icon={<CheckOutlined />} disabled={unread === 0} loading={markRead.isPending && markRead.variables?.id === undefined} onClick={() => markRead.mutateAsync({}).then((answer) => void message.success(t('message.allRead', { count: (answer as { changed: number }).changed }))).catch(() => undefined)} data-testid="read-all">
          {t('message.markAllRead')}
        </Button>
      }
    >
      <Segmented<View>
        value={view}
        onChange={(v) => {
          setView(v);
          setCurrentPage(1);
        }}
        options={[
          { value: 'unread', label: `${t('message.unread')} (${unread})` },
          { value: 'all', label: t('message.all') },
        ]}
        style={{ marginBottom: 12 }}
        data-testid="message-view"
      />
      {messages.isError && !messages.data ? (
        <LoadFailed title={t('message.loadFailed')} onRetry={messages.refetch} retryText={t('message.retry')} />
      ) : (
        <List<Message>
          loading={messages.isPending}
          dataSource={messages.data?.list ?? []}
          renderItem={item}
          locale={{ emptyText: view === 'unread' ? t('message.emptyUnread') : t('message.empty') }}
          pagination={
            (messages.data?.total ?? 0) > PAGE_SIZE
              ? { current: currentPage, pageSize: PAGE_SIZE, total: messages.data?.total ?? 0, onChange: setCurrentPage, showSizeChanger: false }
              : false
          }
        />
      )}
      <Modal
        open={opened !== null}
        title={<bdi>{opened?.title}</bdi>}
        onCancel={() => setOpened(null)}
        footer={
          <Button onClick={() => setOpened(null)} data-testid="close-message">
            {t('message.close')}
          </Button>
        }
        data-testid="message-opened"
      >
        {opened ? (
          <>
            <Repeats m={opened} />
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
              <bdi>{opened.content}</bdi>
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              <bdi>{timeText(opened.time)}</bdi>
            </Typography.Text>
          </>
        ) : null}
      </Modal>
    </Card>
  );
}
