/** Dutch texts of the API tokens page. */
import type { ApiTokenMessages } from './types';

const apitoken: ApiTokenMessages = {
  title: 'API-tokens',
  intro: 'Met een token roept een ander systeem (facilitair beheer, een BI-tool) deze API aan als u, met alleen de sleutels die u het geeft, zonder aan te melden. Stuur het als “Authorization: Bearer <token>”.',
  add: 'Nieuw token',
  empty: 'Nog geen API-tokens',
  total: 'Aantal tokens: {{count}}',
  columns: {
    name: 'Naam',
    creator: 'Gemaakt door',
    keys: 'Sleutels',
    created: 'Gemaakt',
    expires: 'Verloopt',
    lastUsed: 'Laatst gebruikt',
    actions: 'Acties',
  },
  never: 'Nooit',
  expired: 'Verlopen',
  keyCount_one: '{{count}} sleutel',
  keyCount_other: '{{count}} sleutels',
  lostKeys_one: '{{count}} sleutel kwijt: de maker heeft hem niet meer',
  lostKeys_other: '{{count}} sleutels kwijt: de maker heeft ze niet meer',
  revoke: 'Intrekken',
  revokeConfirm: 'Token “{{name}}” intrekken? Systemen die het gebruiken worden meteen geweigerd.',
  revoked: 'Token ingetrokken.',
  dialog: {
    title: 'Nieuw API-token',
    name: 'Naam',
    namePlaceholder: 'Wat het gebruikt, bijv. BI-export',
    expiry: 'Verloopt',
    days_one: '{{count}} dag',
    days_other: '{{count}} dagen',
    custom: 'Andere datum',
    expiryHelp: 'Hoogstens {{days}} dagen vanaf vandaag.',
    keys: 'Sleutels die het token mag gebruiken',
    keysHelp: 'Alleen sleutels die u zelf hebt. Verliest u er later een, dan verliest het token die ook.',
    keysRequired: 'Kies minstens één sleutel.',
    selected_one: '{{count}} sleutel gekozen',
    selected_other: '{{count}} sleutels gekozen',
    noKeys: 'U hebt geen sleutels om te geven',
    create: 'Maken',
  },
  shown: {
    title: 'Token “{{name}}” gemaakt',
    warning: 'Kopieer het token nu: het wordt niet opnieuw getoond.',
    copy: 'Kopiëren',
    copied: 'Gekopieerd',
    done: 'Ik heb het gekopieerd',
  },
  groups: {
    home: 'Start',
    other: 'Overig',
  },
};

export default apitoken;
