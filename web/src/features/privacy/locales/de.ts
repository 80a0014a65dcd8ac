/** German texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'Meine Daten',
  titleOf: 'Daten von {{account}}',
  intro: 'Laden Sie alles herunter, was das Produkt über Sie speichert: Konto, Anmeldungen, Sitzungen, Prüfprotokoll, Nachrichten, Einstellungen und Dateien, als Zip. In wenigen Minuten bereit; der Link gilt 7 Tage.',
  introOf: 'Exportieren Sie die Daten dieser Person als Zip oder löschen Sie die Person: Das Konto wird pseudonymisiert und kann sich nicht mehr anmelden; Roboter und ihr Verlauf bleiben beim Kunden.',
  loading: 'Wird geladen…',
  jobsHeading: 'Exporte und Löschungen',
  empty: 'Noch kein Export und keine Löschung',
  download: 'Zip her\u00ADunter\u00ADladen',
  until: 'Link gültig bis {{time}}',
  expired: 'Der Download ist abgelaufen; fordern Sie einen neuen Export an.',
  failed: 'Die Aufgabe ist fehlgeschlagen; bitte erneut versuchen.',
  erasedAs: 'Gelöscht; im Prüfprotokoll als {{pseudonym}} angezeigt',
  progressLabel: 'Fortschritt von {{name}}',
  kinds: {
    person_export: 'Datenexport von {{name}}',
    person_erasure: 'Löschung von {{name}}',
    customer_end: 'Ende des Kunden {{name}}',
  },
  states: { queued: 'Wartet', running: 'Läuft', done: 'Fertig', failed: 'Fehl\u00ADgeschlagen' },
  export: {
    mine: 'Meine Daten her\u00ADunter\u00ADladen',
    theirs: 'Daten exportieren',
    started: 'Export gestartet; Sie erhalten eine Nachricht, sobald er bereit ist',
  },
  erase: {
    heading: 'Diese Person löschen',
    intro: 'Entfernt Anmeldungen, Faktoren, Nachrichten und persönliche Angaben der Person endgültig. Nicht umkehrbar.',
    button: 'Löschen',
    confirmTitle: '{{account}} löschen?',
    confirm: 'Endgültig löschen',
    what: 'Sitzungen und API-Tokens enden sofort, zweiter Faktor und Single Sign-on werden entfernt, Name, E-Mail und Telefon durch ein Pseudonym ersetzt. Roboter, Karten und Berichte bleiben beim Kunden.',
    typeToConfirm: 'Geben Sie {{account}} zur Bestätigung ein',
    started: 'Löschung gestartet',
  },
};

export default privacy;
