/** Spanish texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'Mis datos',
  titleOf: 'Datos de {{account}}',
  intro: 'Descargue todo lo que el producto guarda sobre usted: cuenta, inicios de sesión, sesiones, registros de auditoría, mensajes, ajustes y archivos, en un zip. Listo en pocos minutos; el enlace vale 7 días.',
  introOf: 'Exporte los datos de esta persona en un zip o bórrela: la cuenta se seudonimiza y ya no puede iniciar sesión; los robots y su historial quedan con el cliente.',
  loading: 'Cargando…',
  jobsHeading: 'Exportaciones y borrados',
  empty: 'Aún no hay exportaciones ni borrados',
  download: 'Descargar zip',
  until: 'Enlace válido hasta {{time}}',
  expired: 'La descarga ha caducado; pida una nueva exportación.',
  failed: 'La tarea falló; inténtelo de nuevo.',
  erasedAs: 'Borrado; aparece en el registro de auditoría como {{pseudonym}}',
  progressLabel: 'Progreso de {{name}}',
  kinds: {
    person_export: 'Exportación de datos de {{name}}',
    person_erasure: 'Borrado de {{name}}',
    customer_end: 'Fin del cliente {{name}}',
  },
  states: { queued: 'En espera', running: 'En curso', done: 'Hecho', failed: 'Fallido' },
  export: {
    mine: 'Descargar mis datos',
    theirs: 'Exportar datos',
    started: 'Exportación iniciada; se le avisará en el centro de mensajes cuando esté lista',
  },
  erase: {
    heading: 'Borrar a esta persona',
    intro: 'Elimina para siempre los inicios de sesión, factores, mensajes y datos personales de la persona. No se puede deshacer.',
    button: 'Borrar',
    confirmTitle: '¿Borrar {{account}}?',
    confirm: 'Borrar para siempre',
    what: 'Las sesiones y los tokens de API terminan al instante, se quitan el doble factor y el inicio de sesión único, y nombre, correo y teléfono se sustituyen por un seudónimo. Robots, mapas e informes quedan con el cliente.',
    typeToConfirm: 'Escriba {{account}} para confirmar',
    started: 'Borrado iniciado',
  },
};

export default privacy;
