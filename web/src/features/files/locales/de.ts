import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'Suchen', add: 'Hinzufügen', delete: 'Löschen', download: 'Herunter\u00ADladen', cancel: 'Abbrechen', save: 'Speichern', actions: 'Aktionen', name: 'Bezeich\u00ADnung', size: 'Größe', time: 'Zeit', owner: 'Besitzer', deleted: 'Gelöscht.', saved: 'Gespeichert.' },
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
    fileTitle: 'Dateien', knowledgeTitle: 'Wissens\u00ADdatenbank', search: 'Name oder Beschrei\u00ADbung', allCategories: 'Alle Kategorien', category: 'Kategorie', detail: 'Beschrei\u00ADbung', file: 'Datei',
    empty: 'Noch keine Dateien', addTitle: 'Datei hinzufügen', deleteConfirm: '„{{name}}“ und seine Datei löschen?',
  },
  host: {
    title: 'Datei-Host', storage: 'Speicher', storageLocal: 'Server\u00ADordner', storageS3: 'S3-kompatibler Objekt\u00ADspeicher', chart: 'Bytes pro Ordner', folderFilter: 'Ordner', nameFilter: 'Dateiname',
    visibility: 'Sichtbar\u00ADkeit', private: 'Privat', public: 'Öffentlich', empty: 'Keine gespei\u00ADcherten Dateien', deleteConfirm: '{{name}} löschen? Einträge und Medien daraus werden mit gelöscht.', upload: 'Hochladen',
  },
  ads: {
    title: 'Werbung', media: 'Medien', playlists: 'Wiedergabe\u00ADlisten', voice: 'Stimme', mediaName: 'Medienname', seconds: 'Anzeige\u00ADsekunden', kind: 'Typ',
    kinds: { image: 'Bild', video: 'Videoclip', audio: 'Ton' },
    addMedia: 'Medium hinzufügen', noMedia: 'Noch keine Medien', mediaDeleteConfirm: 'Medium „{{name}}“ löschen? Es verlässt jede Wiedergabeliste.', addPlaylist: 'Neue Wiedergabe\u00ADliste', editPlaylist: 'Wiedergabe\u00ADliste bearbeiten',
    playlistName: 'Name der Wiedergabe\u00ADliste', items: 'Medien in Reihen\u00ADfolge', itemsPlaceholder: 'Medien in Abspielreihenfolge wählen', totalSeconds: 'insgesamt {{seconds}} s', robots: 'Roboter', noRobots: 'Kein Roboter spielt sie',
    assign: 'Robotern zuweisen', assignPlaceholder: 'Roboter wählen', assigned: 'Roboter zugewiesen.', unassign: 'Stoppen', unassignConfirm: 'Wiedergabe auf {{name}} stoppen?', noPlaylists: 'Noch keine Wiedergabe\u00ADlisten',
    playlistDeleteConfirm: 'Wiedergabeliste „{{name}}“ löschen? Ihre Roboter spielen nichts mehr.', voiceHint: 'Hören Sie, wie die Roboter einen Text ansagen (Offline-Stimme).', voiceText: 'Vorzu\u00ADlesender Text',
    voiceLanguage: 'Sprache', listen: 'Anhören',
  },
  log: {
    title: 'Operations\u00ADprotokoll', account: 'Konto', call: 'Aufruf', target: 'Was sich änderte', ip: 'Von', platform: 'Plattform', range: 'Zeitraum', shadow: 'Schatten', viaToken: 'über Token {{name}}', empty: 'Keine Änderungen gefunden',
    export: 'Exportieren', exporting_one: '1 Zeile wird geschrieben…', exporting_other: '{{count}} Zeilen werden geschrieben…', exported_one: '1 Zeile nach {{file}} exportiert.', exported_other: '{{count}} Zeilen nach {{file}} exportiert.', truncated: 'Nur die neuesten 10.000 Zeilen wurden exportiert.', nothing: 'Nichts zu exportieren.',
  },
};

export default files;
