/** Spanish texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: 'Previsión de desgaste',
    hint: 'Cuándo cada consumible llega a su vida útil y cada mantenimiento vence, según las horas de funcionamiento medidas de cada robot en los últimos 28 días.',
    tabs: { list: 'Previsión', settings: 'Antelación' },
    refreshed: 'La lista se actualiza cada 10 minutos.',
  },
  groups: { thisWeek: 'Esta semana', nextWeek: 'Próxima semana', later: 'Más adelante', undated: 'Aún sin fecha' },
  filters: { site: 'Todos los sitios', kind: 'Todas las piezas', within: 'Cualquier fecha', withinDays: 'En {{days}} días', reset: 'Restablecer' },
  columns: { robot: 'Nombre del robot', site: 'Sitio', part: 'Pieza', due: 'Fecha prevista', range: 'Lo antes a lo más tarde', sure: 'Fiabilidad', use: 'Uso' },
  rate: '{{hours}} h/día',
  range: '{{from}} a {{to}}',
  openRange: 'desde {{from}}, sin límite',
  states: { due_now: 'Vence ahora', no_history: 'Historial insuficiente', idle: 'Sin uso' },
  sure: { high: 'Fiable', medium: 'Bastante fiable', low: 'Incierto: rango amplio', none: 'Sin estimación' },
  maintenance: 'Mantenimiento',
  noSite: 'Sin sitio',
  order: {
    title: 'Qué pedir',
    thisWeek: 'Esta semana',
    nextWeek: 'Próxima semana',
    empty: 'Nada vence en las próximas dos semanas.',
  },
  list: {
    empty: 'Aún no hay previsiones: configure consumibles o recordatorios de mantenimiento en un robot.',
    noMatch: 'Ninguna previsión coincide con los filtros.',
    loadFailed: 'No se pudo cargar la previsión.',
  },
  settings: {
    title: 'Antelación',
    branch: 'Rama',
    leadDays: 'Antelación (días)',
    hint: 'El propietario del robot recibe un mensaje y una notificación tantos días antes de una fecha prevista (0 a 60).',
    inherited: 'Heredado: aún sin ajuste propio.',
    own: 'Definido para esta rama.',
    save: 'Guardar',
    saved: 'Antelación guardada.',
  },
  device: {
    title: 'Previsión de desgaste',
    followsWork: 'Las horas usadas crecen al terminar cada ejecución (según su informe); el uso diario cuenta días enteros, así que las ejecuciones de hoy cuentan a partir de mañana.',
    rate: 'Uso medido {{hours}} h/día ({{low}} a {{high}}) en {{days}} días.',
    noHistory: 'Historial insuficiente: {{days}} de 3 días necesarios.',
    empty: 'No hay consumibles ni recordatorios de mantenimiento configurados.',
    due: 'Previsto el {{date}}',
    openList: 'Todas las previsiones',
  },
};

export default wear;
