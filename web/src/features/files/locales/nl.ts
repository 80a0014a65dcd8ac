import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'Zoeken', add: 'Toevoegen', delete: 'Verwijderen', download: 'Downloaden', cancel: 'Annuleren', save: 'Opslaan', actions: 'Acties', name: 'Naam', size: 'Grootte', time: 'Tijd', owner: 'Eigenaar', deleted: 'Verwijderd.', saved: 'Opgeslagen.' },
  upload: {
    choose: 'Kies een bestand',
    uploading: '{{name}} wordt geüpload',
    done: '{{name}} geüpload.',
    rule: 'Alleen letters, cijfers, _, - en .: geen spaties of speciale tekens. Dezelfde naam vervangt het eerdere bestand.',
    badName: 'De bestandsnaam mag geen spaties of speciale tekens bevatten.',
    required: 'Upload eerst een bestand',
    private: 'Privé (alleen ondertekende links)',
    folder: 'Map',
  },
  entries: {
    fileTitle: 'Bestanden', knowledgeTitle: 'Kennisbank', search: 'Naam of omschrijving', allCategories: 'Alle categorieën', category: 'Categorie', detail: 'Omschrijving', file: 'Bestand',
    empty: 'Nog geen bestanden', addTitle: 'Bestand toevoegen', deleteConfirm: '"{{name}}" en het bestand verwijderen?',
  },
  host: {
    title: 'Bestandshost', storage: 'Opslag', storageLocal: 'Servermap', storageS3: 'S3-compatibele objectopslag', chart: 'Bytes per map', folderFilter: 'Map', nameFilter: 'Bestandsnaam',
    visibility: 'Zichtbaarheid', private: 'Privé', public: 'Openbare link', empty: 'Geen opgeslagen bestanden', deleteConfirm: '{{name}} verwijderen? Vermeldingen en media die ervan zijn gemaakt gaan mee.', upload: 'Uploaden',
  },
  ads: {
    title: 'Advertenties', media: 'Mediabestanden', playlists: 'Afspeellijsten', voice: 'Stem', mediaName: 'Medianaam', seconds: 'Seconden getoond', kind: 'Mediatype',
    kinds: { image: 'Afbeelding', video: 'Videoclip', audio: 'Geluid' },
    addMedia: 'Media toevoegen', noMedia: 'Nog geen media', mediaDeleteConfirm: 'Media "{{name}}" verwijderen? Het verlaat elke afspeellijst.', addPlaylist: 'Nieuwe afspeellijst', editPlaylist: 'Afspeellijst bewerken',
    playlistName: 'Naam van de afspeellijst', items: 'Media op volgorde', itemsPlaceholder: 'Kies media in afspeelvolgorde', totalSeconds: '{{seconds}} s in totaal', robots: 'Robots die hem afspelen', noRobots: 'Geen robot speelt hem af',
    assign: 'Aan robots toewijzen', assignPlaceholder: 'Kies robots', assigned: 'Robots toegewezen.', unassign: 'Stoppen', unassignConfirm: 'Afspelen op {{name}} stoppen?', noPlaylists: 'Nog geen afspeellijsten',
    playlistDeleteConfirm: 'Afspeellijst "{{name}}" verwijderen? De robots spelen niets meer af.', voiceHint: 'Hoor hoe de robots een tekst omroepen (offline stem).', voiceText: 'Voor te lezen tekst',
    voiceLanguage: 'Taal', listen: 'Beluisteren',
  },
  log: {
    title: 'Bewerkingslogboek', account: 'Accountnaam', call: 'Aanroep', target: 'Wat veranderde', ip: 'Vanaf', platform: 'Clientplatform', range: 'Periode', shadow: 'schaduw', viaToken: 'met token {{name}}', empty: 'Geen wijzigingen gevonden',
    export: 'Exporteren', exporting_one: '1 rij wordt geschreven…', exporting_other: '{{count}} rijen worden geschreven…', exported_one: '1 rij geëxporteerd naar {{file}}.', exported_other: '{{count}} rijen geëxporteerd naar {{file}}.', truncated: 'Alleen de nieuwste 10.000 rijen zijn geëxporteerd.', nothing: 'Niets te exporteren.',
  },
};

export default files;
