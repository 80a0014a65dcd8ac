/** Dutch texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: 'Sessies en tokens',
  titleOf: 'Sessies en tokens van {{account}}',
  intro: 'Waar uw account is aangemeld, en de API-tokens die namens u handelen. Beëindig wat u niet herkent en wijzig daarna uw wachtwoord.',
  introOf: 'De sessies en API-tokens van deze gebruiker. Een beëindigde sessie meldt die browser meteen af.',
  sessionsHeading: 'Aangemelde browsers',
  tokensHeading: 'API-tokens',
  columns: {
    browser: 'Webbrowser',
    address: 'Adres',
    method: 'Aangemeld met',
    firstUse: 'Eerste gebruik',
    lastUse: 'Laatste gebruik',
    actions: 'Acties',
  },
  tokenColumns: {
    name: 'Naam',
    keys: 'Sleutels',
    expires: 'Verloopt',
  },
  methods: {
    password: 'Wachtwoord',
    oidc: 'Eenmalige aanmelding',
    passkey: 'Toegangssleutel',
  },
  current: 'Deze sessie',
  unknownBrowser: 'Onbekende browser',
  notSince: 'Niet sinds de aanmelding',
  never: 'Nooit',
  expired: 'Verlopen',
  end: 'Beëindigen',
  endConfirm: 'De sessie in {{browser}} beëindigen? Die browser wordt meteen afgemeld.',
  ended: 'Sessie beëindigd.',
  endOthers: 'Alle andere sessies beëindigen',
  endOthersConfirm: 'Alle sessies behalve deze beëindigen? Die browsers worden meteen afgemeld.',
  endAll: 'Alle sessies beëindigen',
  endAllConfirm: 'Alle sessies van {{account}} beëindigen? Die browsers worden meteen afgemeld.',
  endedOthers_one: '{{count}} sessie beëindigd.',
  endedOthers_other: '{{count}} sessies beëindigd.',
  noSessions: 'Geen aangemelde browsers',
  noTokens: 'Geen API-tokens',
  keyCount_one: '{{count}} sleutel',
  keyCount_other: '{{count}} sleutels',
  revoke: 'Intrekken',
  revokeConfirm: 'Het token “{{name}}” intrekken? Systemen die het gebruiken worden meteen geweigerd.',
  revoked: 'Token ingetrokken.',
};

export default sessions;
