/** French texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: 'Sessions et jetons',
  titleOf: 'Sessions et jetons de {{account}}',
  intro: 'Où votre compte est connecté, et les jetons d’API qui agissent en votre nom. Mettez fin à ce que vous ne reconnaissez pas, puis changez votre mot de passe.',
  introOf: 'Les sessions et jetons d’API de cet utilisateur. Mettre fin à une session déconnecte ce navigateur aussitôt.',
  sessionsHeading: 'Navigateurs connectés',
  tokensHeading: 'Jetons d’API',
  columns: {
    browser: 'Navigateur',
    address: 'Adresse',
    method: 'Connecté avec',
    firstUse: 'Première utilisation',
    lastUse: 'Dernière utilisation',
    actions: 'Opérations',
  },
  tokenColumns: {
    name: 'Nom',
    keys: 'Clés',
    expires: 'Expire le',
  },
  methods: {
    password: 'Mot de passe',
    oidc: 'Authentification unique',
    passkey: 'Clé d’accès',
  },
  current: 'Cette session',
  unknownBrowser: 'Navigateur inconnu',
  notSince: 'Pas depuis la connexion',
  never: 'Jamais',
  expired: 'Expiré',
  end: 'Mettre fin',
  endConfirm: 'Mettre fin à la session dans {{browser}} ? Ce navigateur est déconnecté aussitôt.',
  ended: 'Session terminée.',
  endOthers: 'Mettre fin aux autres sessions',
  endOthersConfirm: 'Mettre fin à toutes les sessions sauf celle-ci ? Ces navigateurs sont déconnectés aussitôt.',
  endAll: 'Mettre fin à toutes les sessions',
  endAllConfirm: 'Mettre fin à toutes les sessions de {{account}} ? Ces navigateurs sont déconnectés aussitôt.',
  endedOthers_one: '{{count}} session terminée.',
  endedOthers_many: '{{count}} de sessions terminées.',
  endedOthers_other: '{{count}} sessions terminées.',
  noSessions: 'Aucun navigateur connecté',
  noTokens: 'Aucun jeton d’API',
  keyCount_one: '{{count}} clé',
  keyCount_many: '{{count}} de clés',
  keyCount_other: '{{count}} clés',
  revoke: 'Révoquer',
  revokeConfirm: 'Révoquer le jeton « {{name}} » ? Les systèmes qui l’utilisent sont refusés aussitôt.',
  revoked: 'Jeton révoqué.',
};

export default sessions;
