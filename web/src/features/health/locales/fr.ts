/** French texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: 'Note',
    allGrades: 'Toutes les notes',
    window: '30 derniers jours (du {{start}} au {{end}}), calculé le {{at}}. Chaque robot est comparé aux robots de son type sur des cartes de taille proche.',
    windowShort: '30 derniers jours : du {{start}} au {{end}}',
    notYet: 'Pas encore calculé : l’analyse de santé note chaque robot une fois par heure.',
    failed: 'Impossible de charger la santé des robots',
    robots: 'Robots de la branche',
    byGrade: 'Robots par note',
    empty: 'Aucun robot dans cette branche.',
    emptyGrade: 'Aucun robot n’a cette note.',
  },
  grades: { A: 'A · conforme', B: 'B · un point à surveiller', C: 'C · en dérive', D: 'D · plusieurs dérives' },
  columns: { robot: 'Robot et numéro de série', grade: 'Note', reasons: 'Raisons', type: 'Type d’appareil', peers: 'Comparé à' },
  basis: {
    map: 'Même type, cartes proches (pairs : {{count}})',
    type: 'Trop peu sur des cartes proches : même type (pairs : {{count}})',
    none: 'Trop peu de pairs ({{count}}) : comparé à lui-même seulement',
  },
  indicators: {
    alarms: 'Alarmes par heure de fonctionnement',
    efficiency: 'Efficacité (m²/h)',
    coverage: 'Couverture (%)',
    charging: 'Alarmes de batterie faible par heure de fonctionnement',
    online: 'Jours en ligne (%)',
  },
  levels: { drift: 'En dérive', watch: 'À surveiller' },
  states: { noData: 'Aucune tâche dans la période' },
  reasons: {
    none: 'Conforme à ses pairs.',
    peers: '{{indicator}} : {{value}}, médiane des pairs {{reference}}',
    self: '{{indicator}} : {{value}}, {{reference}} sur ses 30 jours précédents',
    evidence: 'Preuves',
  },
  panel: {
    title: 'Santé par rapport aux pairs',
    notYet: 'Pas encore noté : l’analyse de santé a lieu une fois par heure.',
    median: 'médiane des pairs {{value}}',
    previous: '30 jours précédents {{value}}',
  },
};

export default health;
