/** English texts of robot health: the fleet view and the device page's panel (the shape every other language follows). */
const health = {
  page: {
    gradeFilter: 'Grade',
    allGrades: 'All grades',
    window: 'Last 30 days ({{start}} to {{end}}), computed {{at}}. Each robot is compared with robots of its type on maps of a similar size.',
    windowShort: 'Last 30 days: {{start}} to {{end}}',
    notYet: 'Not computed yet: the health scan grades every robot once an hour.',
    failed: 'Robot health could not be loaded',
    robots: 'Robots of the branch',
    byGrade: 'Robots by grade',
    empty: 'No robot in this branch.',
    emptyGrade: 'No robot has this grade.',
  },
  grades: { A: 'A · in line', B: 'B · one to watch', C: 'C · drifting', D: 'D · drifting on several' },
  columns: { robot: 'Robot and serial number', grade: 'Grade', reasons: 'Reasons', type: 'Device type', peers: 'Compared with' },
  basis: {
    map: 'Same type, similar maps (peers: {{count}})',
    type: 'Too few on similar maps: same type (peers: {{count}})',
    none: 'Too few peers ({{count}}): compared with itself only',
  },
  indicators: {
    alarms: 'Alarms per run hour',
    efficiency: 'Efficiency (m²/h)',
    coverage: 'Coverage (%)',
    charging: 'Low-battery alarms per run hour',
    online: 'Days online (%)',
  },
  levels: { drift: 'Drifting', watch: 'Watch' },
  states: { noData: 'No run in the window' },
  reasons: {
    none: 'In line with its peers.',
    peers: '{{indicator}}: {{value}}, peers’ median {{reference}}',
    self: '{{indicator}}: {{value}}, {{reference}} in its previous 30 days',
    evidence: 'Evidence',
  },
  panel: {
    title: 'Health against peers',
    notYet: 'Not graded yet: the health scan runs once an hour.',
    median: 'peers’ median {{value}}',
    previous: 'previous 30 days {{value}}',
  },
};

export default health;
