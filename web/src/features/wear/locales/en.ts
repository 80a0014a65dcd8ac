/** English texts of the wear forecast: the fleet page, its lead time and a robot's panel (the shape every other language follows). */
const wear = {
  page: {
    title: 'Wear forecast',
    hint: 'When each consumable reaches its life and each maintenance falls due, from every robot’s measured run hours over the last 28 days.',
    tabs: { list: 'Forecast', settings: 'Lead time' },
    refreshed: 'The list is refreshed every 10 minutes.',
  },
  groups: { thisWeek: 'This week', nextWeek: 'Next week', later: 'Later', undated: 'No date yet' },
  filters: { site: 'Any site', kind: 'Any part', within: 'Any date', withinDays: 'Within {{days}} days', reset: 'Reset' },
  columns: { robot: 'Robot', site: 'Site', part: 'Part', due: 'Forecast date', range: 'Earliest to latest', sure: 'How sure', use: 'Use' },
  rate: '{{hours}} h/day',
  range: '{{from}} to {{to}}',
  openRange: 'from {{from}}, no upper bound',
  states: { due_now: 'Due now', no_history: 'Not enough history', idle: 'Not in use' },
  sure: { high: 'Sure', medium: 'Fairly sure', low: 'Unsure: wide range', none: 'No estimate' },
  maintenance: 'Maintenance',
  noSite: 'No site',
  order: {
    title: 'What to order',
    thisWeek: 'This week',
    nextWeek: 'Next week',
    empty: 'Nothing falls due in the next two weeks.',
  },
  list: {
    empty: 'No forecasts yet: set up consumables or maintenance reminders on a robot.',
    noMatch: 'No forecast matches the filters.',
    loadFailed: 'The forecast could not be loaded.',
  },
  settings: {
    title: 'Lead time',
    branch: 'Branch',
    leadDays: 'Lead time (days)',
    hint: 'The robot’s owner gets a message and a notification this many days before a forecast date (0 to 60).',
    inherited: 'Inherited: no setting of its own yet.',
    own: 'Set for this branch.',
    save: 'Save',
    saved: 'Lead time saved.',
  },
  device: {
    title: 'Wear forecast',
    followsWork: 'Used hours grow as each run ends (its report counts the run time); the daily rate counts whole days, so a day’s runs shape it the next day.',
    rate: 'Measured use {{hours}} h/day ({{low}} to {{high}}) over {{days}} days.',
    noHistory: 'Not enough history yet: {{days}} of 3 days needed.',
    empty: 'No consumables or maintenance reminders are set up.',
    due: 'Expected {{date}}',
    openList: 'All forecasts',
  },
};

export default wear;
