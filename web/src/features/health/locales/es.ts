/** Spanish texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: 'Nota',
    allGrades: 'Todas las notas',
    window: 'Últimos 30 días (del {{start}} al {{end}}), calculado el {{at}}. Cada robot se compara con robots de su tipo en mapas de tamaño similar.',
    windowShort: 'Últimos 30 días: del {{start}} al {{end}}',
    notYet: 'Aún no calculado: el análisis de salud califica cada robot una vez por hora.',
    failed: 'No se pudo cargar la salud de los robots',
    robots: 'Robots de la rama',
    byGrade: 'Robots por nota',
    empty: 'No hay robots en esta rama.',
    emptyGrade: 'Ningún robot tiene esta nota.',
  },
  grades: { A: 'A · normal', B: 'B · uno a vigilar', C: 'C · se desvía', D: 'D · se desvía en varios' },
  columns: { robot: 'Robot y número de serie', grade: 'Nota', reasons: 'Motivos', type: 'Tipo de dispositivo', peers: 'Comparado con' },
  basis: {
    map: 'Mismo tipo, mapas similares (pares: {{count}})',
    type: 'Pocos en mapas similares: mismo tipo (pares: {{count}})',
    none: 'Muy pocos pares ({{count}}): comparado solo consigo mismo',
  },
  indicators: {
    alarms: 'Alarmas por hora de funcionamiento',
    efficiency: 'Eficiencia (m²/h)',
    coverage: 'Cobertura (%)',
    charging: 'Alarmas de batería baja por hora de funcionamiento',
    online: 'Días en línea (%)',
  },
  levels: { drift: 'Se desvía', watch: 'Vigilar' },
  states: { noData: 'Sin tareas en el periodo' },
  reasons: {
    none: 'En línea con sus pares.',
    peers: '{{indicator}}: {{value}}, mediana de los pares {{reference}}',
    self: '{{indicator}}: {{value}}, {{reference}} en sus 30 días anteriores',
    evidence: 'Pruebas',
  },
  panel: {
    title: 'Salud frente a sus pares',
    notYet: 'Aún sin calificar: el análisis de salud se ejecuta una vez por hora.',
    median: 'mediana de los pares {{value}}',
    previous: '30 días anteriores {{value}}',
  },
};

export default health;
