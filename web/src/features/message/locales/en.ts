/** English texts of the message centre (the shape every other language follows). */
const message = {
  title: "Message centre",
  unread: "Unread",
  all: "All",
  read: "Read",
  unreadTag: "Unread",
  markRead: "Mark read",
  openLink: "Open",
  markAllRead: "Mark all read",
  allRead_one: "1 message marked read",
  allRead_other: "{{count}} messages marked read",
  repeats_one: "{{count}} time",
  repeats_other: "{{count}} times",
  repeatsHint: "The robot raised the same alarm this many times before the message was read; the latest is shown",
  delete: "Delete",
  deleteConfirm: "Delete this message?",
  deleted: "Message deleted",
  cancel: "Cancel",
  close: "Close",
  empty: "No messages",
  emptyUnread: "No unread messages",
  loadFailed: "The messages could not be loaded",
  retry: "Retry",
};

export default message;
