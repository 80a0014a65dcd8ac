import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'Rechercher', add: 'Ajouter', delete: 'Supprimer', download: 'Télécharger', cancel: 'Annuler', save: 'Enregistrer', actions: 'Opérations', name: 'Nom', size: 'Taille', time: 'Heure', owner: 'Propriétaire', deleted: 'Supprimé.', saved: 'Enregistré.' },
  upload: {
    choose: 'Choisir un fichier',
    uploading: 'Envoi de {{name}}',
    done: '{{name}} envoyé.',
    rule: 'Lettres, chiffres, _, - et . uniquement : ni espace ni caractère spécial. Le même nom remplace le fichier précédent.',
    badName: 'Le nom du fichier ne peut contenir ni espace ni caractère spécial.',
    required: "Envoyez d'abord un fichier",
    private: 'Privé (liens signés uniquement)',
    folder: 'Dossier',
  },
  entries: {
    fileTitle: 'Fichiers', knowledgeTitle: 'Base de connaissances', search: 'Nom ou détail', allCategories: 'Toutes les catégories', category: 'Catégorie', detail: 'Détail', file: 'Fichier',
    empty: 'Aucun fichier', addTitle: 'Ajouter un fichier', deleteConfirm: 'Supprimer « {{name}} » et son fichier ?',
  },
  host: {
    title: 'Hôte de fichiers', storage: 'Stockage', storageLocal: 'Dossier du serveur', storageS3: 'Stockage objet compatible S3', chart: 'Octets par dossier', folderFilter: 'Dossier', nameFilter: 'Nom du fichier',
    visibility: 'Visibilité', private: 'Privé', public: 'Lien public', empty: 'Aucun fichier stocké', deleteConfirm: 'Supprimer {{name}} ? Les entrées et médias qui en sont faits partent avec lui.', upload: 'Envoyer',
  },
  ads: {
    title: 'Publicité', media: 'Médias', playlists: 'Listes de lecture', voice: 'Voix', mediaName: 'Nom du média', seconds: "Secondes d'affichage", kind: 'Type de média',
    kinds: { image: 'Image fixe', video: 'Clip vidéo', audio: 'Son' },
    addMedia: 'Ajouter un média', noMedia: 'Aucun média', mediaDeleteConfirm: 'Supprimer le média « {{name}} » ? Il quitte toutes les playlists.', addPlaylist: 'Nouvelle playlist', editPlaylist: 'Modifier la playlist',
    playlistName: 'Nom de la playlist', items: 'Médias dans l’ordre', itemsPlaceholder: 'Choisissez les médias dans l’ordre de lecture', totalSeconds: '{{seconds}} s au total', robots: 'Robots qui la jouent', noRobots: 'Aucun robot ne la joue',
    assign: 'Attribuer aux robots', assignPlaceholder: 'Choisissez des robots', assigned: 'Robots attribués.', unassign: 'Arrêter', unassignConfirm: 'Arrêter la lecture sur {{name}} ?', noPlaylists: 'Aucune playlist',
    playlistDeleteConfirm: 'Supprimer la playlist « {{name}} » ? Ses robots ne jouent plus rien.', voiceHint: 'Écoutez comment les robots annonceront un texte (voix hors ligne).', voiceText: 'Texte à lire',
    voiceLanguage: 'Langue', listen: 'Écouter',
  },
  log: {
    title: 'Journal des opérations', account: 'Compte', call: 'Appel', target: 'Ce qui a changé', ip: 'Depuis', platform: 'Plateforme', range: 'Période', shadow: 'ombre', viaToken: 'via le jeton {{name}}', empty: 'Aucun changement trouvé',
    export: 'Exporter', exporting_one: 'Écriture de {{count}} ligne…', exporting_many: 'Écriture de {{count}} lignes…', exporting_other: 'Écriture de {{count}} lignes…', exported_one: '{{count}} ligne exportée dans {{file}}.', exported_many: '{{count}} lignes exportées dans {{file}}.', exported_other: '{{count}} lignes exportées dans {{file}}.', truncated: 'Seules les 10 000 lignes les plus récentes ont été exportées.', nothing: 'Rien à exporter.',
  },
};

export default files;
