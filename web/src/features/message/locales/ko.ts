/** Korean texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "메시지 센터",
  unread: "읽지 않음",
  all: "전체",
  read: "읽음",
  unreadTag: "읽지 않음",
  markRead: "읽음으로 표시",
  openLink: "열기",
  markAllRead: "모두 읽음으로 표시",
  allRead_other: "메시지 {{count}}건을 읽음으로 표시했습니다",
  repeats_other: "{{count}}회",
  repeatsHint: "메시지를 읽기 전까지 로봇이 같은 알람을 발생시킨 횟수입니다. 가장 최근 알람이 표시됩니다",
  delete: "삭제",
  deleteConfirm: "이 메시지를 삭제할까요?",
  deleted: "메시지가 삭제되었습니다",
  cancel: "취소",
  close: "닫기",
  empty: "메시지 없음",
  emptyUnread: "읽지 않은 메시지 없음",
  loadFailed: "메시지를 불러오지 못했습니다",
  retry: "다시 시도",
};

export default message;
