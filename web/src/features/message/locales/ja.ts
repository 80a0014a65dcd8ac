/** Japanese texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "メッセージセンター",
  unread: "未読",
  all: "すべて",
  read: "既読",
  unreadTag: "未読",
  markRead: "既読にする",
  openLink: "開く",
  markAllRead: "すべて既読にする",
  allRead_other: "{{count}} 件を既読にしました",
  repeats_other: "{{count}} 回",
  repeatsHint: "メッセージが読まれるまでにロボットが同じアラームを発生させた回数です。最新のものを表示しています",
  delete: "削除",
  deleteConfirm: "このメッセージを削除しますか？",
  deleted: "メッセージを削除しました",
  cancel: "キャンセル",
  close: "閉じる",
  empty: "メッセージはありません",
  emptyUnread: "未読メッセージはありません",
  loadFailed: "メッセージを読み込めませんでした",
  retry: "再試行",
};

export default message;
