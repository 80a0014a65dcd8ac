/** Japanese texts of the API tokens page. */
import type { ApiTokenMessages } from './types';

const apitoken: ApiTokenMessages = {
  title: 'API トークン',
  intro: 'トークンを使うと、他のシステム（設備管理システム、BI ツール）がサインインせずに、あなたとして、あなたが与えた権限だけでこの API を呼び出せます。「Authorization: Bearer <トークン>」として送信してください。',
  add: '新しいトークン',
  empty: 'API トークンはまだありません',
  total: 'トークン：{{count}} 件',
  columns: {
    name: '名前',
    creator: '作成者',
    keys: '権限',
    created: '作成日時',
    expires: '有効期限',
    lastUsed: '最終使用',
    actions: '操作',
  },
  never: '未使用',
  expired: '期限切れ',
  keyCount_other: '{{count}} 件の権限',
  lostKeys_other: '{{count}} 件の権限を失っています：作成者がもう持っていないか、本人のみが使えます',
  revoke: '取り消す',
  revokeConfirm: 'トークン「{{name}}」を取り消しますか？これを使うシステムはすぐに拒否されます。',
  revoked: 'トークンを取り消しました。',
  dialog: {
    title: '新しい API トークン',
    name: '名前',
    namePlaceholder: '用途（例：BI エクスポート）',
    expiry: '有効期限',
    days_other: '{{count}} 日',
    custom: '別の日付',
    expiryHelp: '今日から最大 {{days}} 日までです。',
    keys: 'トークンが使える権限',
    keysHelp: '自分が持つ権限だけを選べます。後で権限を失うと、トークンも失います。',
    keysRequired: '権限を 1 つ以上選んでください。',
    selected_other: '{{count}} 件の権限を選択',
    noKeys: '与えられる権限がありません',
    personOnly: '本人のみ',
    personOnlyWhy: 'トークンにはこの権限を与えられません。アカウント、パスワード、トークン、ロールを作成するか他の人をサインアウトさせるため、コンソールにサインインした本人だけが使えます。',
    create: '作成',
  },
  shown: {
    title: 'トークン「{{name}}」を作成しました',
    warning: '今すぐトークンをコピーしてください。再表示されません。',
    copy: 'コピー',
    copied: 'コピーしました',
    done: 'コピーしました',
  },
  groups: {
    home: 'ホーム',
    other: 'その他',
  },
};

export default apitoken;
