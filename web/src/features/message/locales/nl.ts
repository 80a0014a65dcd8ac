/** Dutch texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "Berichtencentrum",
  unread: "Ongelezen",
  all: "Alle",
  read: "Gelezen",
  unreadTag: "Ongelezen",
  markRead: "Markeren als gelezen",
  openLink: "Openen",
  markAllRead: "Alles als gelezen markeren",
  allRead_one: "1 bericht als gelezen gemarkeerd",
  allRead_other: "{{count}} berichten als gelezen gemarkeerd",
  repeats_one: "{{count}} keer",
  repeats_other: "{{count}} keer",
  repeatsHint: "Zo vaak gaf de robot hetzelfde alarm voordat het bericht gelezen werd; het nieuwste wordt getoond",
  delete: "Verwijderen",
  deleteConfirm: "Dit bericht verwijderen?",
  deleted: "Bericht verwijderd",
  cancel: "Annuleren",
  close: "Sluiten",
  empty: "Geen berichten",
  emptyUnread: "Geen ongelezen berichten",
  loadFailed: "De berichten konden niet worden geladen",
  retry: "Opnieuw",
};

export default message;
