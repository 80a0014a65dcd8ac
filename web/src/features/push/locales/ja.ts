/** Japanese texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'プッシュ通知',
  intro: 'アラーム設定で「モバイルアプリ」チャネルがオンのあいだ、アラーム、解決したアラーム、終了したタスクが、ここで登録したブラウザーに通知として届きます。通知をタップすると、そのアラームまたはタスクが開きます。',
  thisBrowser: {
    heading: 'このブラウザー',
    on: 'このブラウザーは通知を受け取ります。',
    off: 'このブラウザーは通知を受け取りません。',
    turnOn: 'このブラウザーでオンにする',
    turnOff: 'このブラウザーでオフにする',
    turnedOn: 'このブラウザーで通知をオンにしました。',
    turnedOff: 'このブラウザーで通知をオフにしました。',
    label: '{{system}} の {{browser}}',
    someBrowser: 'Web ブラウザー',
  },
  problems: {
    unsupported: 'このブラウザーはプッシュ通知を受け取れません。',
    insecure: 'プッシュ通知を使うには、安全なアドレス (https) でコンソールを開いてください。',
    noWorker: 'このブラウザーのコンソールはまだ通知の準備ができていません。ページを再読み込みしてもう一度お試しください。',
    denied: 'このサイトの通知はブロックされています。ブラウザーのサイト設定で許可してから、もう一度お試しください。',
    dismissed: '通知が許可されませんでした。もう一度お試しいただき「許可」を選んでください。',
    unreachable: 'ブラウザーのプッシュサービスに接続できません。しばらくしてからお試しください。',
  },
  devices: {
    heading: '登録済みのブラウザー',
    count: '登録済み：{{count}}/{{limit}}',
    empty: '登録済みのブラウザーはまだありません。',
    current: 'このブラウザー',
    added: '{{time}} に追加',
    lastSent: '最後の通知 {{time}}',
    neverSent: 'まだ通知を送っていません',
    lastError: '前回の配信に失敗しました：{{error}}',
    remove: '削除',
    removeNamed: '{{label}} を削除',
    removeTitle: '{{label}} を削除しますか？',
    removeContent: '以後、通知を受け取らなくなります。',
    removed: '削除しました。',
    loadFailed: '一覧を読み込めませんでした。',
    retry: '再試行',
  },
  test: {
    send: 'テスト通知を送信',
    result: 'テスト通知を送信しました。配信：{{sent}}、失敗：{{failed}}。',
    failed: 'テスト通知を送信できませんでした。',
  },
  close: '閉じる',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: '拒否されたアドレス',
    unreachable: 'プッシュサービスに接続できません',
    timeout: '時間内に応答がありません',
    tls: '安全な接続（TLS）に失敗しました',
    redirect: 'リダイレクトで応答しました（追跡しません）',
    http_4xx: 'プッシュサービスが拒否しました（HTTP 4xx）',
    http_5xx: 'プッシュサービスのエラー（HTTP 5xx）',
    bad_answer: '有効な HTTP 応答ではありません',
    failed: '失敗しました',
  },
};

export default push;
