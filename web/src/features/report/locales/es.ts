/** Spanish texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "Informes de tareas",
    "empty": "No hay ejecuciones en este periodo",
    "device": "Dispositivo",
    "map": "Nombre del mapa",
    "task": "Nombre de la tarea",
    "result": "Resultado",
    "search": "Buscar",
    "add": "Añadir un registro",
    "deleteBefore": "Eliminar antes de una fecha",
    "export": "Exportar",
    "exporting": "Escribiendo export.xlsx…",
    "exported_one": "1 fila guardada en {{file}}.",
    "exported_many": "{{count}} filas guardadas en {{file}}.",
    "exported_other": "{{count}} filas guardadas en {{file}}.",
    "nothing": "No hay nada que exportar.",
    "failed": "La exportación falló.",
    "rangeRule": "El inicio debe estar a 7 días o menos del fin y no después de hoy."
  },
  "columns": {
    "device": "Dispositivo",
    "task": "Tarea",
    "map": "Mapa",
    "start": "Inicio",
    "end": "Fin",
    "duration": "Tiempo de trabajo",
    "planned": "Área planificada",
    "cleaned": "Área limpiada",
    "coverage": "Cobertura",
    "efficiency": "Eficiencia de limpieza",
    "battery": "Batería usada",
    "alarms": "Alarmas",
    "result": "Resultado",
    "source": "Origen",
    "actions": "Acciones"
  },
  "results": {
    "finished": "Terminada",
    "cancelled": "Cancelada",
    "forced_end": "Fin forzado",
    "aborted": "Abortada"
  },
  "detail": {
    "title": "Ejecución de {{task}}",
    "open": "Detalles",
    "path": "Recorrido",
    "noPath": "No se registró recorrido para esta ejecución.",
    "overMap": "Dibujado sobre el mapa del robot.",
    "noMap": "El robot está desconectado: el recorrido se dibuja sin su mapa.",
    "children": "Ejecuciones de esta programación",
    "schedule": "Programación",
    "distance": "Distancia",
    "reason": "Motivo",
    "remark": "Observación",
    "manual": "Registro manual",
    "alarmsNone": "Sin alarmas durante la ejecución"
  },
  "edit": {
    "button": "Editar",
    "title": "Editar la ejecución",
    "saved": "Ejecución guardada."
  },
  "insert": {
    "title": "Añadir un registro manual",
    "deviceId": "Dispositivo",
    "times": "Inicio y fin",
    "saved": "Registro añadido."
  },
  "remove": {
    "button": "Eliminar",
    "confirm": "¿Eliminar esta ejecución de «{{task}}»?",
    "done_one": "1 ejecución eliminada.",
    "done_many": "{{count}} ejecuciones eliminadas.",
    "done_other": "{{count}} ejecuciones eliminadas.",
    "beforeTitle": "Eliminar las ejecuciones antes de una fecha",
    "time": "Ejecuciones iniciadas antes de",
    "devices": "De los dispositivos",
    "beforeConfirm": "¿Eliminar todas las ejecuciones de los dispositivos elegidos iniciadas antes de esta hora?"
  },
  "chart": {
    "title": "Gráficos de informes",
    "ranges": {
      "week": "Última semana",
      "month": "Último mes",
      "quarter": "Últimos tres meses",
      "year": "Último año"
    },
    "by": {
      "device": "Por dispositivo",
      "group": "Por grupo",
      "owner": "Por propietario",
      "map": "Por mapa"
    },
    "grouping": "Agrupar los resultados",
    "cleanedArea": "Área limpiada (m²)",
    "workingTime": "Tiempo de trabajo (h)",
    "coverage": "Cobertura (%)",
    "efficiency": "Eficiencia de limpieza (m²/h)",
    "onlineRate": "Tasa en línea (%)",
    "runs": "Ejecuciones",
    "devices": "Dispositivos activos",
    "alarms": "Alarmas",
    "breakdown": "Desglose",
    "places": "Dónde se trabajó",
    "name": "Nombre",
    "period": "Periodo",
    "empty": "No hay ejecuciones en este periodo"
  }
};

export default report;
