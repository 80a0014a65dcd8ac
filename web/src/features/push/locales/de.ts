/** German texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: 'Push-Benach\u00ADrichtigungen',
  intro: 'Alarme, behobene Alarme und beendete Aufgaben erreichen die hier abonnierten Browser als Benachrichtigungen, solange der Kanal „Mobile App“ in den Alarmeinstellungen eingeschaltet ist. Ein Tippen darauf öffnet den Alarm oder die Aufgabe.',
  thisBrowser: {
    heading: 'Dieser Browser',
    on: 'Dieser Browser erhält Ihre Benachrichtigungen.',
    off: 'Dieser Browser erhält Ihre Benachrichtigungen nicht.',
    turnOn: 'In diesem Browser einschalten',
    turnOff: 'In diesem Browser ausschalten',
    turnedOn: 'Benachrichtigungen sind in diesem Browser eingeschaltet.',
    turnedOff: 'Benachrichtigungen sind in diesem Browser ausgeschaltet.',
    label: '{{browser}} auf {{system}}',
    someBrowser: 'Webbrowser',
  },
  problems: {
    unsupported: 'Dieser Browser kann keine Push-Benachrichtigungen empfangen.',
    insecure: 'Push-Benachrichtigungen erfordern, dass die Konsole über eine sichere Adresse (https) geöffnet wird.',
    noWorker: 'Die Konsole ist in diesem Browser noch nicht für Benachrichtigungen bereit: Laden Sie die Seite neu und versuchen Sie es erneut.',
    denied: 'Benachrichtigungen sind für diese Website blockiert: Erlauben Sie sie in den Website-Einstellungen des Browsers und versuchen Sie es erneut.',
    dismissed: 'Benachrichtigungen wurden nicht erlaubt. Versuchen Sie es erneut und wählen Sie „Zulassen“.',
    unreachable: 'Der Push-Dienst des Browsers ist nicht erreichbar. Versuchen Sie es später erneut.',
  },
  devices: {
    heading: 'Abonnierte Browser',
    count: 'Abonniert: {{count}}/{{limit}}',
    empty: 'Noch kein Browser ist abonniert.',
    current: 'Dieser Browser',
    added: 'Hinzugefügt {{time}}',
    lastSent: 'Letzte Benach\u00ADrichtigung {{time}}',
    neverSent: 'Noch keine Benachrichtigung gesendet',
    lastError: 'Letzte Zustellung fehlgeschlagen: {{error}}',
    remove: 'Entfernen',
    removeNamed: '{{label}} entfernen',
    removeTitle: '{{label}} entfernen?',
    removeContent: 'Er erhält dann keine Benachrichtigungen mehr.',
    removed: 'Entfernt.',
    loadFailed: 'Die Liste konnte nicht geladen werden.',
    retry: 'Erneut versuchen',
  },
  test: {
    send: 'Test\u00ADbenach\u00ADrichtigung senden',
    result: 'Testbenachrichtigung gesendet. Zugestellt: {{sent}}, fehlgeschlagen: {{failed}}.',
    failed: 'Die Testbenachrichtigung konnte nicht gesendet werden.',
  },
  close: 'Schließen',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'Adresse abgelehnt',
    unreachable: 'Push-Dienst nicht erreichbar',
    timeout: 'keine Antwort rechtzeitig',
    tls: 'sichere Verbindung (TLS) fehlgeschlagen',
    redirect: 'mit einer Umleitung geantwortet (nicht gefolgt)',
    http_4xx: 'vom Push-Dienst abgelehnt (HTTP 4xx)',
    http_5xx: 'Fehler beim Push-Dienst (HTTP 5xx)',
    bad_answer: 'keine gültige HTTP-Antwort',
    failed: 'fehl\u00ADgeschlagen',
  },
};

export default push;
