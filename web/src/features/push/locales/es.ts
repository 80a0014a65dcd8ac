/** Spanish texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'Notificaciones push',
  intro: 'Las alarmas, las alarmas resueltas y las tareas terminadas llegan como notificaciones a los navegadores suscritos aquí, mientras el canal «App móvil» esté activado en la configuración de alarmas. Al tocar una se abre esa alarma o tarea.',
  thisBrowser: {
    heading: 'Este navegador',
    on: 'Este navegador recibe sus notificaciones.',
    off: 'Este navegador no recibe sus notificaciones.',
    turnOn: 'Activar en este navegador',
    turnOff: 'Desactivar en este navegador',
    turnedOn: 'Las notificaciones están activadas en este navegador.',
    turnedOff: 'Las notificaciones están desactivadas en este navegador.',
    label: '{{browser}} en {{system}}',
    someBrowser: 'Navegador web',
  },
  problems: {
    unsupported: 'Este navegador no puede recibir notificaciones push.',
    insecure: 'Las notificaciones push requieren abrir la consola en una dirección segura (https).',
    noWorker: 'La consola aún no está lista para notificaciones en este navegador: recargue la página e inténtelo de nuevo.',
    denied: 'Las notificaciones están bloqueadas para este sitio: permítalas en la configuración del sitio del navegador e inténtelo de nuevo.',
    dismissed: 'No se permitieron las notificaciones. Inténtelo de nuevo y elija «Permitir».',
    unreachable: 'No se puede contactar con el servicio push del navegador. Inténtelo más tarde.',
  },
  devices: {
    heading: 'Navegadores suscritos',
    count: 'Suscritos: {{count}}/{{limit}}',
    empty: 'Aún no hay ningún navegador suscrito.',
    current: 'Este navegador',
    added: 'Añadido {{time}}',
    lastSent: 'Última notificación {{time}}',
    neverSent: 'Aún no se ha enviado ninguna notificación',
    lastError: 'Falló el último envío: {{error}}',
    remove: 'Quitar',
    removeNamed: 'Quitar {{label}}',
    removeTitle: '¿Quitar {{label}}?',
    removeContent: 'Dejará de recibir sus notificaciones.',
    removed: 'Quitado.',
    loadFailed: 'No se pudo cargar la lista.',
    retry: 'Reintentar',
  },
  test: {
    send: 'Enviar una notificación de prueba',
    result: 'Notificación de prueba enviada. Entregadas: {{sent}}, fallidas: {{failed}}.',
    failed: 'No se pudo enviar la notificación de prueba.',
  },
  close: 'Cerrar',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'dirección rechazada',
    unreachable: 'servicio de notificaciones inalcanzable',
    timeout: 'sin respuesta a tiempo',
    tls: 'falló la conexión segura (TLS)',
    redirect: 'respondió con una redirección (no seguida)',
    http_4xx: 'rechazado por el servicio de notificaciones (HTTP 4xx)',
    http_5xx: 'error del servicio de notificaciones (HTTP 5xx)',
    bad_answer: 'respuesta HTTP no válida',
    failed: 'falló',
  },
};

export default push;
