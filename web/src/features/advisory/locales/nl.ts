/** Dutch texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'Beveiligings\u00ADadviezen',
    intro: 'Importeer een kwetsbaarheids\u00ADadvies (OSV-formaat) om te zien welke firmwareversies in hun SBOM een getroffen component noemen, welke van uw robots ze draaien, en werk die robots bij naar een gecorrigeerde versie.',
    tabs: {
      advisories: 'Adviezen',
      sboms: 'Firmware-SBOM\'s',
    },
  },
  list: {
    import: 'Advies importeren',
    imported: 'Advies {{id}} geïmporteerd',
    empty: 'Nog geen adviezen. Importeer er een in OSV-formaat (JSON).',
    columns: {
      id: 'Advies',
      summary: 'Samenvatting',
      packages: 'Componenten',
      versions: 'Getroffen versies',
      robots: 'Uw robots',
      updated: 'Geïmporteerd',
      actions: 'Acties',
    },
    open: 'Getroffen robots',
    delete: 'Verwijderen',
    deleteConfirm: 'Het advies {{id}} verwijderen? Op de robots verandert niets.',
    deleted: 'Advies verwijderd',
  },
  detail: {
    fixedIn: 'Opgelost in: {{versions}}',
    versionsTitle: 'Getroffen firmwareversies',
    noneAffected: 'Geen firmwareversie met een bekende SBOM noemt een getroffen component.',
    withoutSbom: 'Firmwareversies zonder SBOM (niet gecontroleerd): {{count}}',
    robotsTitle: 'Uw robots met een getroffen versie',
    noRobots: 'Geen van uw robots draait een getroffen versie.',
    more: 'De eerste {{shown}} robots staan in de lijst; getroffen robots: {{count}}.',
    columns: {
      firmware: 'Firmware',
      components: 'Getroffen componenten',
      robots: 'Uw robots',
      fixedBy: 'Bijwerken naar',
      serial: 'Serie\u00ADnummer',
      name: 'Robot',
      running: 'Draait',
    },
    target: 'Gecorrigeerde firmware',
    noTarget: 'Nog geen firmware met een SBOM zonder dit advies: upload er eerst een met zijn SBOM.',
    update: 'Gekozen robots bijwerken',
    confirmTitle: 'De gekozen robots bijwerken naar {{version}}?',
    confirmBody: 'Robots: {{count}}. Elke robot krijgt de update zoals de firmwarepagina die publiceert (de updateregel geldt, de voortgang staat op de firmwarepagina).',
    confirm: 'Update starten',
    started: 'Update gestart (robots: {{count}})',
  },
  sbom: {
    empty: 'Nog geen firmware.',
    none: 'Geen SBOM',
    columns: {
      firmware: 'Firmware',
      version: 'Versie',
      components: 'Componenten',
      file: 'SBOM-bestand',
      uploaded: 'Geüpload',
      actions: 'Acties',
    },
    view: 'Componenten',
    upload: 'SBOM uploaden',
    uploaded: 'SBOM van {{name}} opgeslagen',
    componentsTitle: 'Componenten van {{name}} ({{version}})',
    componentColumns: {
      name: 'Naam',
      version: 'Versie',
      purl: 'Pakket-URL',
    },
  },
};

export default advisory;
