/** Japanese texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'マイデータ',
  titleOf: '{{account}} のデータ',
  intro: '本製品があなたについて保持しているすべて（アカウント、サインイン、セッション、監査記録、メッセージ、設定、ファイル）を zip でダウンロードします。数分で準備でき、リンクは 7 日間有効です。',
  introOf: 'この人のデータを zip でエクスポートするか、この人を消去します。アカウントは仮名化されサインインできなくなります。ロボットとその履歴は顧客に残ります。',
  loading: '読み込み中…',
  jobsHeading: 'エクスポートと消去',
  empty: 'エクスポートや消去はまだありません',
  download: 'zip をダウンロード',
  until: 'リンクの有効期限 {{time}}',
  expired: 'ダウンロードの期限が切れました。もう一度エクスポートしてください。',
  failed: 'ジョブが失敗しました。もう一度お試しください。',
  erasedAs: '消去済み。監査証跡では {{pseudonym}} と表示されます',
  progressLabel: '{{name}} の進捗',
  kinds: {
    person_export: '{{name}} のデータエクスポート',
    person_erasure: '{{name}} の消去',
    customer_end: '顧客 {{name}} の終了',
  },
  states: { queued: '待機中', running: '処理中', done: '完了', failed: '失敗' },
  export: {
    mine: 'マイデータをダウンロード',
    theirs: 'データをエクスポート',
    started: 'エクスポートを開始しました。準備ができたらメッセージセンターでお知らせします',
  },
  erase: {
    heading: 'この人を消去',
    intro: 'この人のサインイン、認証要素、メッセージ、個人情報を完全に削除します。元に戻せません。',
    button: '消去',
    confirmTitle: '{{account}} を消去しますか？',
    confirm: '完全に消去',
    what: 'セッションと API トークンはすぐに終了し、2 要素認証とシングルサインオンの連携は削除され、名前・メール・電話は仮名に置き換えられます。ロボット、マップ、レポートは顧客に残ります。',
    typeToConfirm: '確認のため {{account}} と入力してください',
    started: '消去を開始しました',
  },
};

export default privacy;
