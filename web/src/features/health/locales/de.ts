/** German texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: 'Note',
    allGrades: 'Alle Noten',
    window: 'Letzte 30 Tage ({{start}} bis {{end}}), berechnet {{at}}. Jeder Roboter wird mit Robotern seines Typs auf ähnlich großen Karten verglichen.',
    windowShort: 'Letzte 30 Tage: {{start}} bis {{end}}',
    notYet: 'Noch nicht berechnet: die Zustandsprüfung bewertet jeden Roboter einmal pro Stunde.',
    failed: 'Roboter\u00ADzustand konnte nicht geladen werden',
    robots: 'Roboter des Zweigs',
    byGrade: 'Roboter nach Note',
    empty: 'Kein Roboter in diesem Zweig.',
    emptyGrade: 'Kein Roboter hat diese Note.',
  },
  grades: { A: 'A · unauffällig', B: 'B · eins beobachten', C: 'C · abweichend', D: 'D · mehrfach abweichend' },
  columns: { robot: 'Roboter und Serien\u00ADnummer', grade: 'Note', reasons: 'Gründe', type: 'Geräte\u00ADtyp', peers: 'Verglichen mit' },
  basis: {
    map: 'Gleicher Typ, ähnliche Karten (Vergleichs\u00ADgeräte: {{count}})',
    type: 'Zu wenige auf ähnlichen Karten: gleicher Typ (Vergleichs\u00ADgeräte: {{count}})',
    none: 'Zu wenige Vergleichs\u00ADgeräte ({{count}}): nur mit sich selbst verglichen',
  },
  indicators: {
    alarms: 'Alarme pro Betriebs\u00ADstunde',
    efficiency: 'Effizienz (m²/h)',
    coverage: 'Abdeckung (%)',
    charging: 'Alarme wegen niedrigem Akku pro Betriebs\u00ADstunde',
    online: 'Tage online (%)',
  },
  levels: { drift: 'Abweichend', watch: 'Beobachten' },
  states: { noData: 'Keine Aufgabe im Zeitraum' },
  reasons: {
    none: 'Wie die Vergleichs\u00ADgeräte.',
    peers: '{{indicator}}: {{value}}, Median der Vergleichs\u00ADgeräte {{reference}}',
    self: '{{indicator}}: {{value}}, {{reference}} in den 30 Tagen davor',
    evidence: 'Belege',
  },
  panel: {
    title: 'Zustand im Vergleich',
    notYet: 'Noch nicht bewertet: die Zustandsprüfung läuft einmal pro Stunde.',
    median: 'Median der Vergleichs\u00ADgeräte {{value}}',
    previous: '30 Tage davor {{value}}',
  },
};

export default health;
