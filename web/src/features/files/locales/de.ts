import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'Suchen', add: 'Hinzufügen', delete: 'Löschen', download: 'Herunterladen', cancel: 'Abbrechen', save: 'Speichern', actions: 'Aktionen', name: 'Bezeichnung', size: 'Größe', time: 'Zeit', owner: 'Besitzer', deleted: 'Gelöscht.', saved: 'Gespeichert.' },
  upload: {
    choose: 'Datei wählen',
    uploading: '{{name}} wird hochgeladen',
    done: '{{name}} hochgeladen.',
    rule: 'Nur Buchstaben, Ziffern, _, - und .: keine Leerzeichen oder Sonderzeichen. Derselbe Name ersetzt die frühere Datei.',
    badName: 'Der Dateiname darf keine Leerzeichen oder Sonderzeichen enthalten.',
    required: 'Laden Sie zuerst eine Datei hoch',
    private: 'Privat (nur signierte Links)',
    folder: 'Ordner',
  },
  entries: {
    fileTitle: 'Dateien', knowledgeTitle: 'Wissensdatenbank', search: 'Name oder Beschreibung', allCategories: 'Alle Kategorien', category: 'Kategorie', detail: 'Beschreibung', file: 'Datei',
    empty: 'Noch keine Dateien', addTitle: 'Datei hinzufügen', deleteConfirm: '„{{name}}“ und seine Datei löschen?', nameRequired: 'Geben Sie den Namen ein', categoryRequired: 'Geben Sie eine Kategorie ein oder wählen Sie eine',
  },
  host: {
    title: 'Datei-Host', storage: 'Speicher', storageLocal: 'Serverordner', storageS3: 'S3-kompatibler Objektspeicher', chart: 'Bytes pro Ordner', folderFilter: 'Ordner', nameFilter: 'Dateiname',
    visibility: 'Sichtbarkeit', private: 'Privat', public: 'Öffentlich', empty: 'Keine gespeicherten Dateien', deleteConfirm: '{{name}} löschen? Einträge und Medien daraus werden mit gelöscht.', upload: 'Hochladen',
  },
  ads: {
    title: 'Werbung', media: 'Medien', playlists: 'Wiedergabelisten', voice: 'Stimme', mediaName: 'Medienname', seconds: 'Anzeigesekunden', kind: 'Typ',
    kinds: { image: 'Bild', video: 'Videoclip', audio: 'Ton' },
    addMedia: 'Medium hinzufügen', noMedia: 'Noch keine Medien', mediaDeleteConfirm: 'Medium „{{name}}“ löschen? Es verlässt jede Wiedergabeliste.', addPlaylist: 'Neue Wiedergabeliste', editPlaylist: 'Wiedergabeliste bearbeiten',
    playlistName: 'Name der Wiedergabeliste', items: 'Medien in Reihenfolge', itemsPlaceholder: 'Medien in Abspielreihenfolge wählen', totalSeconds: 'insgesamt {{seconds}} s', robots: 'Roboter', noRobots: 'Kein Roboter spielt sie',
    assign: 'Robotern zuweisen', assignPlaceholder: 'Roboter wählen', assigned: 'Roboter zugewiesen.', unassign: 'Stoppen', unassignConfirm: 'Wiedergabe auf {{name}} stoppen?', noPlaylists: 'Noch keine Wiedergabelisten',
    playlistDeleteConfirm: 'Wiedergabeliste „{{name}}“ löschen? Ihre Roboter spielen nichts mehr.', nameRequired: 'Geben Sie den Namen ein', voiceHint: 'Hören Sie, wie die Roboter einen Text ansagen (Offline-Stimme).', voiceText: 'Vorzulesender Text',
    voiceLanguage: 'Sprache', listen: 'Anhören', voiceRequired: 'Geben Sie einen Text ein',
  },
  log: {
    title: 'Operationsprotokoll', account: 'Konto', call: 'Aufruf', target: 'Was sich änderte', ip: 'Von', platform: 'Plattform', range: 'Zeitraum', shadow: 'Schatten', empty: 'Keine Änderungen gefunden',
    export: 'Exportieren', exporting: '{{count}} Zeilen werden geschrieben…', exported: '{{count}} Zeilen nach {{file}} exportiert.', truncated: 'Nur die neuesten 10.000 Zeilen wurden exportiert.', nothing: 'Nichts zu exportieren.',
  },
};

export default files;
