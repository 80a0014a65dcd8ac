/** Dutch texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: 'Mijn gegevens',
  titleOf: 'Gegevens van {{account}}',
  intro: 'Download alles wat het product over u bewaart: account, aanmeldingen, sessies, auditregels, berichten, instellingen en bestanden, als zip. Klaar binnen enkele minuten; de link werkt 7 dagen.',
  introOf: 'Exporteer de gegevens van deze persoon als zip, of wis de persoon: het account wordt gepseudonimiseerd en kan niet meer aanmelden; robots en hun geschiedenis blijven bij de klant.',
  loading: 'Laden…',
  jobsHeading: 'Exports en wissingen',
  empty: 'Nog geen export of wissing',
  download: 'Zip downloaden',
  until: 'Link geldig tot {{time}}',
  expired: 'De download is verlopen; vraag een nieuwe export aan.',
  failed: 'De taak is mislukt; probeer het opnieuw.',
  erasedAs: 'Gewist; in de audittrail getoond als {{pseudonym}}',
  progressLabel: 'Voortgang van {{name}}',
  kinds: {
    person_export: 'Gegevensexport van {{name}}',
    person_erasure: 'Wissen van {{name}}',
    customer_end: 'Einde van klant {{name}}',
  },
  states: { queued: 'Wacht', running: 'Bezig', done: 'Klaar', failed: 'Mislukt' },
  export: {
    mine: 'Mijn gegevens downloaden',
    theirs: 'Gegevens exporteren',
    started: 'Export gestart; u krijgt een bericht zodra hij klaar is',
  },
  erase: {
    heading: 'Deze persoon wissen',
    intro: 'Verwijdert de aanmeldingen, factoren, berichten en persoonsgegevens van de persoon definitief. Kan niet ongedaan worden gemaakt.',
    button: 'Wissen',
    confirmTitle: '{{account}} wissen?',
    confirm: 'Definitief wissen',
    what: 'Sessies en API-tokens eindigen meteen, tweede factor en single sign-on worden verwijderd, naam, e-mail en telefoon worden vervangen door een pseudoniem. Robots, kaarten en rapporten blijven bij de klant.',
    typeToConfirm: 'Typ {{account}} om te bevestigen',
    started: 'Wissen gestart',
  },
};

export default privacy;
