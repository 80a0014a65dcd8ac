/** German texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: 'Verschleiß\u00ADprognose',
    hint: 'Wann jedes Verbrauchsteil seine Lebensdauer erreicht und jede Wartung fällig wird, aus den gemessenen Betriebsstunden jedes Roboters der letzten 28 Tage.',
    tabs: { list: 'Prognose', settings: 'Vorlauf\u00ADzeit' },
    refreshed: 'Die Liste wird alle 10 Minuten aktualisiert.',
  },
  groups: { thisWeek: 'Diese Woche', nextWeek: 'Nächste Woche', later: 'Später', undated: 'Noch kein Datum' },
  filters: { site: 'Alle Standorte', kind: 'Alle Teile', within: 'Jedes Datum', withinDays: 'Binnen {{days}} Tagen', reset: 'Zurück\u00ADsetzen' },
  columns: { robot: 'Roboter', site: 'Standort', part: 'Teil', due: 'Prognose\u00ADdatum', range: 'Frühestens bis spätestens', sure: 'Sicherheit', use: 'Nutzung' },
  rate: '{{hours}} h/Tag',
  range: '{{from}} bis {{to}}',
  openRange: 'ab {{from}}, ohne Obergrenze',
  states: { due_now: 'Jetzt fällig', no_history: 'Zu wenig Verlauf', idle: 'Nicht in Betrieb' },
  sure: { high: 'Sicher', medium: 'Ziemlich sicher', low: 'Unsicher: breite Spanne', none: 'Keine Schätzung' },
  maintenance: 'Wartung',
  noSite: 'Kein Standort',
  order: {
    title: 'Zu bestellen',
    thisWeek: 'Diese Woche',
    nextWeek: 'Nächste Woche',
    empty: 'In den nächsten zwei Wochen wird nichts fällig.',
  },
  list: {
    empty: 'Noch keine Prognosen: Verbrauchsteile oder Wartungs\u00ADerinnerungen an einem Roboter einrichten.',
    noMatch: 'Keine Prognose passt zu den Filtern.',
    loadFailed: 'Die Prognose konnte nicht geladen werden.',
  },
  settings: {
    title: 'Vorlauf\u00ADzeit',
    branch: 'Zweig',
    leadDays: 'Vorlauf (Tage)',
    hint: 'Der Besitzer des Roboters erhält so viele Tage vor einem Prognose\u00ADdatum eine Nachricht und eine Benachrichtigung (0 bis 60).',
    inherited: 'Geerbt: noch keine eigene Einstellung.',
    own: 'Für diesen Zweig festgelegt.',
    save: 'Speichern',
    saved: 'Vorlaufzeit gespeichert.',
  },
  device: {
    title: 'Verschleiß\u00ADprognose',
    followsWork: 'Die genutzten Stunden wachsen mit dem Ende jedes Laufs (laut seinem Bericht); die Nutzung pro Tag zählt ganze Tage, die Läufe eines Tages zählen also ab dem nächsten Tag.',
    rate: 'Gemessene Nutzung {{hours}} h/Tag ({{low}} bis {{high}}) über {{days}} Tage.',
    noHistory: 'Zu wenig Verlauf: {{days}} von 3 nötigen Tagen.',
    empty: 'Keine Verbrauchsteile oder Wartungs\u00ADerinnerungen eingerichtet.',
    due: 'Erwartet {{date}}',
    openList: 'Alle Prognosen',
  },
};

export default wear;
