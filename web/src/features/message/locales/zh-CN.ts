/** Simplified Chinese texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "消息中心",
  unread: "未读",
  all: "全部",
  read: "已读",
  unreadTag: "未读",
  markRead: "标为已读",
  openLink: "查看",
  markAllRead: "全部标为已读",
  allRead_other: "已将 {{count}} 条消息标为已读",
  repeats_other: "{{count}} 次",
  repeatsHint: "在消息被阅读之前，该机器人发生同一告警的次数；显示的是最近一次",
  delete: "删除",
  deleteConfirm: "确定删除这条消息吗？",
  deleted: "消息已删除",
  cancel: "取消",
  close: "关闭",
  empty: "没有消息",
  emptyUnread: "没有未读消息",
  loadFailed: "消息加载失败",
  retry: "重试",
};

export default message;
