import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useEndOtherSessions, useSessions } from './api/sessions';
import { SessionTable } from './components/session-table';
import { TokenTable } from './components/token-table';
import './sessions.css';

function userParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Sessions and tokens (issue 50 item 8): the person's live console sessions (this one marked) and API tokens, each
 * ended or revoked after a confirmation, and "end all other sessions". With `?userId=` (from the users list, key
 * user/index/sessions) the same for a user of the person's branch; the server refuses another branch's.
 */
export default function SessionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const userId = userParam(params.get('userId'));
  const sessions = useSessions(userId);
  const endOthers = useEndOtherSessions();
  const data = sessions.data;
  const own = data?.own ?? userId === null;
  const others = (data?.sessions ?? []).filter((row) => !row.current).length;
  const loading = sessions.isFetching && !sessions.isPending;

  const endAll = () =>
    endOthers
      .mutateAsync(userId === null ? {} : { userId })
      .then((answer) => void message.success(t('sessions.endedOthers', { count: answer.ended })))
      .catch(() => undefined);

  return (
    <Card size="small" title={own ? t('sessions.title') : t('sessions.titleOf', { account: data?.account ?? '' })} className="cf-sessions-page" data-testid="sessions-page">
      <Typography.Paragraph type="secondary">{own ? t('sessions.intro') : t('sessions.introOf')}</Typography.Paragraph>
      <QueryState query={sessions}>
        <section aria-labelledby="cf-sessions-heading">
          <Space className="cf-sessions-head" wrap>
            <Typography.Title level={2} id="cf-sessions-heading" className="cf-sessions-heading">
              {t('sessions.sessionsHeading')}
            </Typography.Title>
            <Popconfirm
              title={own ? t('sessions.endOthersConfirm') : t('sessions.endAllConfirm', { account: data?.account ?? '' })}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-end-others' }}
              okText={own ? t('sessions.endOthers') : t('sessions.endAll')}
              cancelText={t('common.cancel')}
              onConfirm={endAll}
              disabled={others === 0}
            >
              <Button danger icon={<LogoutOutlined />} disabled={others === 0} loading={endOthers.isPending} data-testid="end-other-sessions">
                {own ? t('sessions.endOthers') : t('sessions.endAll')}
              </Button>
            </Popconfirm>
          </Space>
          <SessionTable rows={data?.sessions ?? []} loading={loading} />
        </section>
        <section aria-labelledby="cf-tokens-heading" className="cf-sessions-tokens">
          <Typography.Title level={2} id="cf-tokens-heading" className="cf-sessions-heading">
            {t('sessions.tokensHeading')}
          </Typography.Title>
          <TokenTable rows={data?.tokens ?? []} loading={loading} />
        </section>
      </QueryState>
    </Card>
  );
}
