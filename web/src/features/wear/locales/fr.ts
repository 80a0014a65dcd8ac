/** French texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: 'Prévision d\'usure',
    hint: 'Quand chaque consommable atteint sa durée de vie et chaque entretien arrive à échéance, d\'après les heures de marche mesurées de chaque robot sur les 28 derniers jours.',
    tabs: { list: 'Prévision', settings: 'Délai' },
    refreshed: 'La liste est actualisée toutes les 10 minutes.',
  },
  groups: { thisWeek: 'Cette semaine', nextWeek: 'Semaine prochaine', later: 'Plus tard', undated: 'Pas encore de date' },
  filters: { site: 'Tous les sites', kind: 'Toutes les pièces', within: 'Toutes les dates', withinDays: 'Sous {{days}} jours', reset: 'Réinitialiser' },
  columns: { robot: 'Nom du robot', site: 'Emplacement', part: 'Pièce', due: 'Date prévue', range: 'Au plus tôt – au plus tard', sure: 'Fiabilité', use: 'Usage' },
  rate: '{{hours}} h/jour',
  range: '{{from}} au {{to}}',
  openRange: 'à partir du {{from}}, sans borne',
  states: { due_now: 'À échéance', no_history: 'Historique insuffisant', idle: 'Inutilisé' },
  sure: { high: 'Fiable', medium: 'Assez fiable', low: 'Incertain : plage large', none: 'Aucune estimation' },
  maintenance: 'Entretien',
  noSite: 'Sans site',
  order: {
    title: 'À commander',
    thisWeek: 'Cette semaine',
    nextWeek: 'Semaine prochaine',
    empty: 'Rien n’arrive à échéance dans les deux prochaines semaines.',
  },
  list: {
    empty: 'Aucune prévision : configurez des consommables ou des rappels d’entretien sur un robot.',
    noMatch: 'Aucune prévision ne correspond aux filtres.',
    loadFailed: 'La prévision n’a pas pu être chargée.',
  },
  settings: {
    title: 'Délai',
    branch: 'Branche',
    leadDays: 'Délai (jours)',
    hint: 'Le propriétaire du robot reçoit un message et une notification ce nombre de jours avant une date prévue (0 à 60).',
    inherited: 'Hérité : pas encore de réglage propre.',
    own: 'Défini pour cette branche.',
    save: 'Enregistrer',
    saved: 'Délai enregistré.',
  },
  device: {
    title: 'Prévision d\'usure',
    followsWork: 'Les heures utilisées augmentent à la fin de chaque exécution (selon sa durée au rapport) ; l’usage par jour compte des journées entières : les exécutions du jour y entrent le lendemain.',
    rate: 'Usage mesuré {{hours}} h/jour ({{low}} à {{high}}) sur {{days}} jours.',
    noHistory: 'Historique insuffisant : {{days}} jours sur 3 nécessaires.',
    empty: 'Aucun consommable ni rappel d’entretien configuré.',
    due: 'Prévu le {{date}}',
    openList: 'Toutes les prévisions',
  },
};

export default wear;
