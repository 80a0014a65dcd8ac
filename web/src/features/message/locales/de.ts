/** German texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "Nachrichten",
  unread: "Ungelesen",
  all: "Alle",
  read: "Gelesen",
  unreadTag: "Ungelesen",
  markRead: "Als gelesen markieren",
  markAllRead: "Alle als gelesen markieren",
  allRead: "{{count}} Nachrichten als gelesen markiert",
  delete: "Löschen",
  deleteConfirm: "Diese Nachricht löschen?",
  deleted: "Nachricht gelöscht",
  cancel: "Abbrechen",
  empty: "Keine Nachrichten",
  emptyUnread: "Keine ungelesenen Nachrichten",
  loadFailed: "Die Nachrichten konnten nicht geladen werden",
  retry: "Erneut versuchen",
};

export default message;
