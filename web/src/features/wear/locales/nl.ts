/** Dutch texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: 'Slijtage\u00ADprognose',
    hint: 'Wanneer elk verbruiksdeel zijn levensduur bereikt en elk onderhoud aan de beurt is, uit de gemeten draaiuren van elke robot over de laatste 28 dagen.',
    tabs: { list: 'Prognose', settings: 'Doorloop\u00ADtijd' },
    refreshed: 'De lijst wordt elke 10 minuten ververst.',
  },
  groups: { thisWeek: 'Deze week', nextWeek: 'Volgende week', later: 'Daarna', undated: 'Nog geen datum' },
  filters: { site: 'Alle locaties', kind: 'Alle onderdelen', within: 'Elke datum', withinDays: 'Binnen {{days}} dagen', reset: 'Herstellen' },
  columns: { robot: 'Robot', site: 'Locatie', part: 'Onderdeel', due: 'Verwachte datum', range: 'Vroegst tot laatst', sure: 'Zekerheid', use: 'Gebruik' },
  rate: '{{hours}} u/dag',
  range: '{{from}} tot {{to}}',
  openRange: 'vanaf {{from}}, geen bovengrens',
  states: { due_now: 'Nu aan de beurt', no_history: 'Te weinig historie', idle: 'Niet in gebruik' },
  sure: { high: 'Zeker', medium: 'Vrij zeker', low: 'Onzeker: brede marge', none: 'Geen schatting' },
  maintenance: 'Onderhoud',
  noSite: 'Geen locatie',
  order: {
    title: 'Te bestellen',
    thisWeek: 'Deze week',
    nextWeek: 'Volgende week',
    empty: 'Er is de komende twee weken niets aan de beurt.',
  },
  list: {
    empty: 'Nog geen prognoses: stel verbruiksdelen of onderhouds\u00ADherinneringen in op een robot.',
    noMatch: 'Geen prognose past bij de filters.',
    loadFailed: 'De prognose kon niet worden geladen.',
  },
  settings: {
    title: 'Doorloop\u00ADtijd',
    branch: 'Tak',
    leadDays: 'Doorlooptijd (dagen)',
    hint: 'De eigenaar van de robot krijgt zoveel dagen voor een verwachte datum een bericht en een melding (0 tot 60).',
    inherited: 'Overgenomen: nog geen eigen instelling.',
    own: 'Ingesteld voor deze tak.',
    save: 'Opslaan',
    saved: 'Doorlooptijd opgeslagen.',
  },
  device: {
    title: 'Slijtage\u00ADprognose',
    followsWork: 'De gebruikte uren groeien zodra elke run eindigt (volgens het rapport); het gebruik per dag telt hele dagen, dus de runs van vandaag tellen morgen mee.',
    rate: 'Gemeten gebruik {{hours}} u/dag ({{low}} tot {{high}}) over {{days}} dagen.',
    noHistory: 'Te weinig historie: {{days}} van de 3 benodigde dagen.',
    empty: 'Geen verbruiksdelen of onderhouds\u00ADherinneringen ingesteld.',
    due: 'Verwacht {{date}}',
    openList: 'Alle prognoses',
  },
};

export default wear;
