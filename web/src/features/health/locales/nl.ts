/** Dutch texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: 'Cijfer',
    allGrades: 'Alle cijfers',
    window: 'Laatste 30 dagen ({{start}} tot {{end}}), berekend {{at}}. Elke robot wordt vergeleken met robots van zijn type op kaarten van vergelijkbare grootte.',
    windowShort: 'Laatste 30 dagen: {{start}} tot {{end}}',
    notYet: 'Nog niet berekend: de gezondheidscontrole beoordeelt elke robot eens per uur.',
    failed: 'Robot\u00ADgezondheid kon niet worden geladen',
    robots: 'Robots van de tak',
    byGrade: 'Robots per cijfer',
    empty: 'Geen robot in deze tak.',
    emptyGrade: 'Geen robot heeft dit cijfer.',
  },
  grades: { A: 'A · normaal', B: 'B · één om te volgen', C: 'C · wijkt af', D: 'D · wijkt op meerdere punten af' },
  columns: { robot: 'Robot en serienummer', grade: 'Cijfer', reasons: 'Redenen', type: 'Apparaattype', peers: 'Vergeleken met' },
  basis: {
    map: 'Zelfde type, vergelijkbare kaarten (vergelijkbare robots: {{count}})',
    type: 'Te weinig op vergelijkbare kaarten: zelfde type (vergelijkbare robots: {{count}})',
    none: 'Te weinig vergelijkbare robots ({{count}}): alleen met zichzelf vergeleken',
  },
  indicators: {
    alarms: 'Alarmen per bedrijfsuur',
    efficiency: 'Efficiëntie (m²/h)',
    coverage: 'Dekking (%)',
    charging: 'Alarmen lage batterij per bedrijfsuur',
    online: 'Dagen online (%)',
  },
  levels: { drift: 'Wijkt af', watch: 'Volgen' },
  states: { noData: 'Geen taak in de periode' },
  reasons: {
    none: 'In lijn met vergelijkbare robots.',
    peers: '{{indicator}}: {{value}}, mediaan van vergelijkbare robots {{reference}}',
    self: '{{indicator}}: {{value}}, {{reference}} in de 30 dagen ervoor',
    evidence: 'Bewijs',
  },
  panel: {
    title: 'Gezondheid vergeleken',
    notYet: 'Nog niet beoordeeld: de gezondheidscontrole draait eens per uur.',
    median: 'mediaan {{value}}',
    previous: '30 dagen ervoor {{value}}',
  },
};

export default health;
