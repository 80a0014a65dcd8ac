/** French texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'Avis de sécurité',
    intro: 'Importez un avis de vulnérabilité (format OSV) pour voir quelles versions de firmware listent un composant concerné dans leur SBOM, lesquels de vos robots les exécutent, et mettre ces robots à jour vers une version corrigée.',
    tabs: {
      advisories: 'Avis',
      sboms: 'SBOM des firmwares',
    },
  },
  list: {
    import: 'Importer un avis',
    imported: 'Avis {{id}} importé',
    empty: 'Aucun avis pour l\'instant. Importez-en un au format OSV (JSON).',
    columns: {
      id: 'Avis',
      summary: 'Résumé',
      packages: 'Composants',
      versions: 'Versions concernées',
      robots: 'Vos robots',
      updated: 'Importé le',
      actions: 'Opérations',
    },
    open: 'Robots concernés',
    delete: 'Supprimer',
    deleteConfirm: 'Supprimer l\'avis {{id}} ? Rien ne change sur les robots.',
    deleted: 'Avis supprimé',
  },
  detail: {
    fixedIn: 'Corrigé dans : {{versions}}',
    versionsTitle: 'Versions de firmware concernées',
    noneAffected: 'Aucune version de firmware dont le SBOM est connu ne liste un composant concerné.',
    withoutSbom: 'Versions de firmware sans SBOM (non vérifiées) : {{count}}',
    robotsTitle: 'Vos robots exécutant une version concernée',
    noRobots: 'Aucun de vos robots n\'exécute une version concernée.',
    more: 'Les {{shown}} premiers robots sont listés ; robots concernés : {{count}}.',
    columns: {
      firmware: 'Micrologiciel',
      components: 'Composants concernés',
      robots: 'Vos robots',
      fixedBy: 'Mettre à jour vers',
      serial: 'Numéro de série',
      name: 'Nom du robot',
      running: 'Exécute',
    },
    target: 'Firmware corrigé',
    noTarget: 'Aucun firmware avec un SBOM exempt de cet avis pour l\'instant : téléversez-en d\'abord un avec son SBOM.',
    update: 'Mettre à jour les robots choisis',
    confirmTitle: 'Mettre à jour les robots choisis vers {{version}} ?',
    confirmBody: 'Robots : {{count}}. Chacun reçoit la mise à jour comme la publie la page des firmwares (la règle de mise à jour s\'applique, la progression s\'affiche sur la page des firmwares).',
    confirm: 'Lancer la mise à jour',
    started: 'Mise à jour lancée (robots : {{count}})',
  },
  sbom: {
    empty: 'Aucun firmware pour l\'instant.',
    none: 'Pas de SBOM',
    columns: {
      firmware: 'Micrologiciel',
      version: 'Numéro de version',
      components: 'Composants',
      file: 'Fichier SBOM',
      uploaded: 'Téléversé le',
      actions: 'Opérations',
    },
    view: 'Composants',
    upload: 'Téléverser un SBOM',
    uploaded: 'SBOM de {{name}} enregistré',
    componentsTitle: 'Composants de {{name}} ({{version}})',
    componentColumns: {
      name: 'Nom',
      version: 'Numéro de version',
      purl: 'URL du paquet',
    },
  },
};

export default advisory;
