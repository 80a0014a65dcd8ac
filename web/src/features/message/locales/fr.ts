/** French texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "Centre de messages",
  unread: "Non lus",
  all: "Tous",
  read: "Lu",
  unreadTag: "Non lu",
  markRead: "Marquer comme lu",
  openLink: "Ouvrir",
  markAllRead: "Tout marquer comme lu",
  allRead_one: "{{count}} message marqué comme lu",
  allRead_many: "{{count}} messages marqués comme lus",
  allRead_other: "{{count}} messages marqués comme lus",
  repeats_one: "{{count}} fois",
  repeats_many: "{{count}} fois",
  repeats_other: "{{count}} fois",
  repeatsHint: "Nombre de fois où le robot a levé la même alarme avant la lecture du message ; la plus récente est affichée",
  delete: "Supprimer",
  deleteConfirm: "Supprimer ce message ?",
  deleted: "Message supprimé",
  cancel: "Annuler",
  close: "Fermer",
  empty: "Aucun message",
  emptyUnread: "Aucun message non lu",
  loadFailed: "Impossible de charger les messages",
  retry: "Réessayer",
};

export default message;
