/** French texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'Mes données',
  titleOf: 'Données de {{account}}',
  intro: 'Téléchargez tout ce que le produit conserve sur vous : compte, connexions, sessions, lignes d\'audit, messages, paramètres et fichiers, en zip. Prêt en quelques minutes ; le lien est valable 7 jours.',
  introOf: 'Exportez les données de cette personne en zip, ou effacez-la : le compte est pseudonymisé et ne peut plus se connecter ; les robots et leur historique restent au client.',
  loading: 'Chargement…',
  jobsHeading: 'Exports et effacements',
  empty: 'Aucun export ni effacement',
  download: 'Télécharger le zip',
  until: 'Lien valable jusqu\'au {{time}}',
  expired: 'Le téléchargement a expiré ; demandez un nouvel export.',
  failed: 'La tâche a échoué ; réessayez.',
  erasedAs: 'Effacé ; affiché dans le journal d\'audit comme {{pseudonym}}',
  progressLabel: 'Progression de {{name}}',
  kinds: {
    person_export: 'Export des données de {{name}}',
    person_erasure: 'Effacement de {{name}}',
    customer_end: 'Fin du client {{name}}',
  },
  states: { queued: 'En attente', running: 'En cours', done: 'Terminé', failed: 'Échec' },
  export: {
    mine: 'Télécharger mes données',
    theirs: 'Exporter les données',
    started: 'Export lancé ; vous serez averti dans le centre de messages',
  },
  erase: {
    heading: 'Effacer cette personne',
    intro: 'Supprime définitivement les connexions, facteurs, messages et données personnelles de la personne. Irréversible.',
    button: 'Effacer',
    confirmTitle: 'Effacer {{account}} ?',
    confirm: 'Effacer définitivement',
    what: 'Les sessions et jetons d\'API prennent fin aussitôt, la double authentification et l\'authentification unique sont retirées, nom, e-mail et téléphone sont remplacés par un pseudonyme. Robots, cartes et rapports restent au client.',
    typeToConfirm: 'Saisissez {{account}} pour confirmer',
    started: 'Effacement lancé',
  },
};

export default privacy;
