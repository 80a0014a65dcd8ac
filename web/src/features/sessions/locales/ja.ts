/** Japanese texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: 'セッションとトークン',
  titleOf: '{{account}} のセッションとトークン',
  intro: 'アカウントがサインインしている場所と、あなたとして動作する API トークンです。心当たりのないものは終了し、パスワードを変更してください。',
  introOf: 'このユーザーのセッションと API トークンです。セッションを終了すると、そのブラウザーはすぐにサインアウトされます。',
  sessionsHeading: 'サインイン中のブラウザー',
  tokensHeading: 'API トークン',
  columns: {
    browser: 'ブラウザー',
    address: 'アドレス',
    method: 'サインイン方法',
    firstUse: '初回使用',
    lastUse: '最終使用',
    actions: '操作',
  },
  tokenColumns: {
    name: '名前',
    keys: '権限',
    expires: '有効期限',
  },
  methods: {
    password: 'パスワード',
    oidc: 'シングルサインオン',
    passkey: 'パスキー',
  },
  current: 'このセッション',
  unknownBrowser: '不明なブラウザー',
  notSince: 'サインイン後は未使用',
  never: 'なし',
  expired: '期限切れ',
  end: '終了',
  endConfirm: '{{browser}} のセッションを終了しますか？そのブラウザーはすぐにサインアウトされます。',
  ended: 'セッションを終了しました。',
  endOthers: '他のセッションをすべて終了',
  endOthersConfirm: 'このセッション以外をすべて終了しますか？それらのブラウザーはすぐにサインアウトされます。',
  endAll: 'すべてのセッションを終了',
  endAllConfirm: '{{account}} のセッションをすべて終了しますか？それらのブラウザーはすぐにサインアウトされます。',
  endedOthers_other: '{{count}} 件のセッションを終了しました。',
  noSessions: 'サインイン中のブラウザーはありません',
  noTokens: 'API トークンはありません',
  keyCount_other: '{{count}} 件の権限',
  revoke: '取り消す',
  revokeConfirm: 'トークン「{{name}}」を取り消しますか？それを使うシステムはすぐに拒否されます。',
  revoked: 'トークンを取り消しました。',
};

export default sessions;
