/** German texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'Sicherheits\u00ADmeldungen',
    intro: 'Importieren Sie eine Schwachstellen\u00ADmeldung im OSV-Format, um zu sehen, welche Firmware-Versionen in ihrer SBOM eine betroffene Komponente aufführen, welche Ihrer Roboter sie ausführen, und um diese Roboter auf eine korrigierte Version zu aktualisieren.',
    tabs: {
      advisories: 'Meldungen',
      sboms: 'Firmware-SBOMs',
    },
  },
  list: {
    import: 'Meldung importieren',
    imported: 'Meldung {{id}} importiert',
    empty: 'Noch keine Meldungen. Importieren Sie eine im OSV-Format (JSON).',
    columns: {
      id: 'Meldung',
      summary: 'Zusammen\u00ADfassung',
      packages: 'Kompo\u00ADnenten',
      versions: 'Betroffene Versionen',
      robots: 'Ihre Roboter',
      updated: 'Importiert',
      actions: 'Aktionen',
    },
    open: 'Betroffene Roboter',
    delete: 'Löschen',
    deleteConfirm: 'Die Meldung {{id}} löschen? Auf den Robotern ändert sich nichts.',
    deleted: 'Meldung gelöscht',
  },
  detail: {
    fixedIn: 'Behoben in: {{versions}}',
    versionsTitle: 'Betroffene Firmware-Versionen',
    noneAffected: 'Keine Firmware-Version mit bekannter SBOM führt eine betroffene Komponente auf.',
    withoutSbom: 'Firmware-Versionen ohne SBOM (nicht geprüft): {{count}}',
    robotsTitle: 'Ihre Roboter mit einer betroffenen Version',
    noRobots: 'Keiner Ihrer Roboter führt eine betroffene Version aus.',
    more: 'Die ersten {{shown}} Roboter sind aufgeführt; betroffene Roboter: {{count}}.',
    columns: {
      firmware: 'Firmware',
      components: 'Betroffene Kompo\u00ADnenten',
      robots: 'Ihre Roboter',
      fixedBy: 'Aktua\u00ADlisieren auf',
      serial: 'Serien\u00ADnummer',
      name: 'Roboter',
      running: 'Läuft mit',
    },
    target: 'Korrigierte Firmware',
    noTarget: 'Noch keine Firmware mit einer SBOM ohne diese Schwachstelle: laden Sie zuerst eine mit ihrer SBOM hoch.',
    update: 'Gewählte Roboter aktua\u00ADlisieren',
    confirmTitle: 'Die gewählten Roboter auf {{version}} aktualisieren?',
    confirmBody: 'Roboter: {{count}}. Jeder erhält das Update so, wie die Firmware-Seite es veröffentlicht (die Update-Regel gilt, der Fortschritt erscheint auf der Firmware-Seite).',
    confirm: 'Update starten',
    started: 'Update gestartet (Roboter: {{count}})',
  },
  sbom: {
    empty: 'Noch keine Firmware.',
    none: 'Keine SBOM',
    columns: {
      firmware: 'Firmware',
      version: 'Version',
      components: 'Kompo\u00ADnenten',
      file: 'SBOM-Datei',
      uploaded: 'Hoch\u00ADgeladen',
      actions: 'Aktionen',
    },
    view: 'Kompo\u00ADnenten',
    upload: 'SBOM hochladen',
    uploaded: 'SBOM von {{name}} gespeichert',
    componentsTitle: 'Komponenten von {{name}} ({{version}})',
    componentColumns: {
      name: 'Name',
      version: 'Version',
      purl: 'Paket-URL',
    },
  },
};

export default advisory;
