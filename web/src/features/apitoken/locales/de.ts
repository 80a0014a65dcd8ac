/** German texts of the API tokens page. */
import type { ApiTokenMessages } from './types';

const apitoken: ApiTokenMessages = {
  title: 'API-Token',
  intro: 'Mit einem Token ruft ein anderes System (Gebäudemanagement, BI-Werkzeug) diese API in Ihrem Namen auf, nur mit den Schlüsseln, die Sie ihm geben, ohne Anmeldung. Senden Sie es als „Authorization: Bearer <Token>“.',
  add: 'Neues Token',
  empty: 'Noch keine API-Token',
  total: 'Token: {{count}}',
  columns: {
    name: 'Name',
    creator: 'Erstellt von',
    keys: 'Schlüssel',
    created: 'Erstellt',
    expires: 'Läuft ab',
    lastUsed: 'Zuletzt benutzt',
    actions: 'Aktionen',
  },
  never: 'Nie',
  expired: 'Abgelaufen',
  keyCount_one: '{{count}} Schlüssel',
  keyCount_other: '{{count}} Schlüssel',
  lostKeys_one: '{{count}} Schlüssel verloren: der Ersteller hat ihn nicht mehr',
  lostKeys_other: '{{count}} Schlüssel verloren: der Ersteller hat sie nicht mehr',
  revoke: 'Widerrufen',
  revokeConfirm: 'Token „{{name}}“ widerrufen? Systeme, die es benutzen, werden sofort abgewiesen.',
  revoked: 'Token widerrufen.',
  dialog: {
    title: 'Neues API-Token',
    name: 'Name',
    namePlaceholder: 'Wer es benutzt, z. B. BI-Export',
    expiry: 'Läuft ab',
    days_one: '{{count}} Tag',
    days_other: '{{count}} Tage',
    custom: 'Anderes Datum',
    expiryHelp: 'Höchstens {{days}} Tage ab heute.',
    keys: 'Schlüssel, die das Token benutzen darf',
    keysHelp: 'Nur Schlüssel, die Sie selbst haben. Verlieren Sie später einen, verliert ihn auch das Token.',
    keysRequired: 'Wählen Sie mindestens einen Schlüssel.',
    selected_one: '{{count}} Schlüssel gewählt',
    selected_other: '{{count}} Schlüssel gewählt',
    noKeys: 'Sie haben keine Schlüssel zu vergeben',
    create: 'Erstellen',
  },
  shown: {
    title: 'Token „{{name}}“ erstellt',
    warning: 'Kopieren Sie das Token jetzt: es wird nicht wieder angezeigt.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    done: 'Ich habe es kopiert',
  },
  groups: {
    home: 'Start',
    other: 'Sonstiges',
  },
};

export default apitoken;
