/** Spanish texts of the message centre. */
import type { MessageCentreMessages } from './types';

const message: MessageCentreMessages = {
  title: "Centro de mensajes",
  unread: "No leídos",
  all: "Todos",
  read: "Leído",
  unreadTag: "No leído",
  markRead: "Marcar como leído",
  openLink: "Abrir",
  markAllRead: "Marcar todo como leído",
  allRead_one: "1 mensaje marcado como leído",
  allRead_many: "{{count}} mensajes marcados como leídos",
  allRead_other: "{{count}} mensajes marcados como leídos",
  repeats_one: "{{count}} vez",
  repeats_many: "{{count}} veces",
  repeats_other: "{{count}} veces",
  repeatsHint: "Veces que el robot emitió la misma alarma antes de que se leyera el mensaje; se muestra la más reciente",
  delete: "Eliminar",
  deleteConfirm: "¿Eliminar este mensaje?",
  deleted: "Mensaje eliminado",
  cancel: "Cancelar",
  close: "Cerrar",
  empty: "No hay mensajes",
  emptyUnread: "No hay mensajes sin leer",
  loadFailed: "No se pudieron cargar los mensajes",
  retry: "Reintentar",
};

export default message;
