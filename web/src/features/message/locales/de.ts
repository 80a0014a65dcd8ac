/** German texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "Nach\u00ADrichten",
  unread: "Ungelesen",
  all: "Alle",
  read: "Gelesen",
  unreadTag: "Ungelesen",
  markRead: "Als gelesen markieren",
  openLink: "Öffnen",
  markAllRead: "Alle als gelesen markieren",
  allRead_one: "1 Nachricht als gelesen markiert",
  allRead_other: "{{count}} Nachrichten als gelesen markiert",
  repeats_one: "{{count}}-mal",
  repeats_other: "{{count}}-mal",
  repeatsHint: "So oft hat der Roboter denselben Alarm gemeldet, bevor die Nachricht gelesen wurde; der neueste wird angezeigt",
  delete: "Löschen",
  deleteConfirm: "Diese Nachricht löschen?",
  deleted: "Nachricht gelöscht",
  cancel: "Abbrechen",
  close: "Schließen",
  empty: "Keine Nach\u00ADrichten",
  emptyUnread: "Keine ungelesenen Nach\u00ADrichten",
  loadFailed: "Die Nachrichten konnten nicht geladen werden",
  retry: "Erneut versuchen",
};

export default message;
