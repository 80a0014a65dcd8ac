/** Dutch texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'Pushmeldingen',
  intro: 'Alarmen, opgeloste alarmen en voltooide taken komen als meldingen binnen in de browsers die hier zijn geabonneerd, zolang het kanaal "Mobiele app" aan staat in de alarminstellingen. Tik op een melding om dat alarm of die taak te openen.',
  thisBrowser: {
    heading: 'Deze browser',
    on: 'Deze browser ontvangt uw meldingen.',
    off: 'Deze browser ontvangt uw meldingen niet.',
    turnOn: 'Aanzetten in deze browser',
    turnOff: 'Uitzetten in deze browser',
    turnedOn: 'Meldingen staan aan in deze browser.',
    turnedOff: 'Meldingen staan uit in deze browser.',
    label: '{{browser}} op {{system}}',
    someBrowser: 'Webbrowser',
  },
  problems: {
    unsupported: 'Deze browser kan geen pushmeldingen ontvangen.',
    insecure: 'Pushmeldingen vereisen dat de console via een beveiligd adres (https) wordt geopend.',
    noWorker: 'De console is in deze browser nog niet klaar voor meldingen: laad de pagina opnieuw en probeer het nogmaals.',
    denied: 'Meldingen zijn geblokkeerd voor deze site: sta ze toe in de site-instellingen van de browser en probeer het opnieuw.',
    dismissed: 'Meldingen zijn niet toegestaan. Probeer het opnieuw en kies "Toestaan".',
    unreachable: 'De pushdienst van de browser is niet bereikbaar. Probeer het later opnieuw.',
  },
  devices: {
    heading: 'Geabonneerde browsers',
    count: 'Geabonneerd: {{count}}/{{limit}}',
    empty: 'Er is nog geen browser geabonneerd.',
    current: 'Deze browser',
    added: 'Toegevoegd {{time}}',
    lastSent: 'Laatste melding {{time}}',
    neverSent: 'Nog geen melding verzonden',
    lastError: 'Laatste bezorging mislukt: {{error}}',
    remove: 'Verwijderen',
    removeNamed: '{{label}} verwijderen',
    removeTitle: '{{label}} verwijderen?',
    removeContent: 'Deze ontvangt dan geen meldingen meer.',
    removed: 'Verwijderd.',
    loadFailed: 'De lijst kon niet worden geladen.',
    retry: 'Opnieuw proberen',
  },
  test: {
    send: 'Testmelding versturen',
    result: 'Testmelding verstuurd. Bezorgd: {{sent}}, mislukt: {{failed}}.',
    failed: 'De testmelding kon niet worden verstuurd.',
  },
  close: 'Sluiten',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'adres geweigerd',
    unreachable: 'pushdienst onbereikbaar',
    timeout: 'geen antwoord op tijd',
    tls: 'beveiligde verbinding (TLS) mislukt',
    redirect: 'antwoordde met een omleiding (niet gevolgd)',
    http_4xx: 'geweigerd door de pushdienst (HTTP 4xx)',
    http_5xx: 'fout bij de pushdienst (HTTP 5xx)',
    bad_answer: 'geen geldig HTTP-antwoord',
    failed: 'mislukt',
  },
};

export default push;
