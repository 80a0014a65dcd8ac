/** French texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'Notifications push',
  intro: 'Les alarmes, les alarmes résolues et les tâches terminées arrivent sous forme de notifications dans les navigateurs abonnés ici, tant que le canal « Appli mobile » est activé dans les réglages des alarmes. Un appui sur une notification ouvre l’alarme ou la tâche.',
  thisBrowser: {
    heading: 'Ce navigateur',
    on: 'Ce navigateur reçoit vos notifications.',
    off: 'Ce navigateur ne reçoit pas vos notifications.',
    turnOn: 'Activer dans ce navigateur',
    turnOff: 'Désactiver dans ce navigateur',
    turnedOn: 'Les notifications sont activées dans ce navigateur.',
    turnedOff: 'Les notifications sont désactivées dans ce navigateur.',
    label: '{{browser}} sur {{system}}',
    someBrowser: 'Navigateur web',
  },
  problems: {
    unsupported: 'Ce navigateur ne peut pas recevoir de notifications push.',
    insecure: 'Les notifications push exigent que la console soit ouverte à une adresse sécurisée (https).',
    noWorker: 'La console n’est pas encore prête pour les notifications dans ce navigateur : rechargez la page et réessayez.',
    denied: 'Les notifications sont bloquées pour ce site : autorisez-les dans les paramètres du site du navigateur, puis réessayez.',
    dismissed: 'Les notifications n’ont pas été autorisées. Réessayez et choisissez « Autoriser ».',
    unreachable: 'Le service push du navigateur est injoignable. Réessayez plus tard.',
  },
  devices: {
    heading: 'Navigateurs abonnés',
    count: 'Abonnés : {{count}}/{{limit}}',
    empty: 'Aucun navigateur n’est encore abonné.',
    current: 'Ce navigateur',
    added: 'Ajouté le {{time}}',
    lastSent: 'Dernière notification le {{time}}',
    neverSent: 'Aucune notification envoyée',
    lastError: 'Dernier envoi en échec : {{error}}',
    remove: 'Retirer',
    removeNamed: 'Retirer {{label}}',
    removeTitle: 'Retirer {{label}} ?',
    removeContent: 'Il ne recevra plus vos notifications.',
    removed: 'Retiré.',
    loadFailed: 'La liste n’a pas pu être chargée.',
    retry: 'Réessayer',
  },
  test: {
    send: 'Envoyer une notification de test',
    result: 'Notification de test envoyée. Remises : {{sent}}, échecs : {{failed}}.',
    failed: 'La notification de test n’a pas pu être envoyée.',
  },
  close: 'Fermer',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'adresse refusée',
    unreachable: 'service de notification injoignable',
    timeout: 'pas de réponse à temps',
    tls: 'échec de la connexion sécurisée (TLS)',
    redirect: 'a répondu par une redirection (non suivie)',
    http_4xx: 'refusé par le service de notification (HTTP 4xx)',
    http_5xx: 'erreur du service de notification (HTTP 5xx)',
    bad_answer: 'réponse HTTP invalide',
    failed: 'échec',
  },
};

export default push;
