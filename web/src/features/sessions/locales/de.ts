/** German texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: 'Sitzungen und Token',
  titleOf: 'Sitzungen und Token von {{account}}',
  intro: 'Wo Ihr Konto angemeldet ist, und die API-Token, die in Ihrem Namen handeln. Beenden Sie, was Sie nicht kennen, und ändern Sie dann Ihr Passwort.',
  introOf: 'Die Sitzungen und API-Token dieses Benutzers. Eine beendete Sitzung meldet den Browser sofort ab.',
  sessionsHeading: 'Angemeldete Browser',
  tokensHeading: 'API-Token',
  columns: {
    browser: 'Webbrowser',
    address: 'Adresse',
    method: 'Angemeldet mit',
    firstUse: 'Erste Nutzung',
    lastUse: 'Letzte Nutzung',
    actions: 'Aktionen',
  },
  tokenColumns: {
    name: 'Name',
    keys: 'Schlüssel',
    expires: 'Läuft ab',
  },
  methods: {
    password: 'Passwort',
    oidc: 'Single Sign-on',
    passkey: 'Passkey-Anmeldung',
  },
  current: 'Diese Sitzung',
  unknownBrowser: 'Unbekannter Browser',
  notSince: 'Seit der Anmeldung nicht',
  never: 'Nie',
  expired: 'Abgelaufen',
  end: 'Beenden',
  endConfirm: 'Die Sitzung in {{browser}} beenden? Dieser Browser wird sofort abgemeldet.',
  ended: 'Sitzung beendet.',
  endOthers: 'Alle anderen Sitzungen beenden',
  endOthersConfirm: 'Alle Sitzungen außer dieser beenden? Diese Browser werden sofort abgemeldet.',
  endAll: 'Alle Sitzungen beenden',
  endAllConfirm: 'Alle Sitzungen von {{account}} beenden? Diese Browser werden sofort abgemeldet.',
  endedOthers_one: '{{count}} Sitzung beendet.',
  endedOthers_other: '{{count}} Sitzungen beendet.',
  noSessions: 'Keine angemeldeten Browser',
  noTokens: 'Keine API-Token',
  keyCount_one: '{{count}} Schlüssel',
  keyCount_other: '{{count}} Schlüssel',
  revoke: 'Widerrufen',
  revokeConfirm: 'Das Token „{{name}}“ widerrufen? Systeme, die es verwenden, werden sofort abgewiesen.',
  revoked: 'Token widerrufen.',
};

export default sessions;
