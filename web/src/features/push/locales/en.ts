/** English texts of push notifications (the user menu's "Push notifications" dialog). */
const push = {
  title: 'Push notifications',
  intro:
    'Alarms, resolved alarms and finished tasks reach the browsers subscribed here as notifications, while the "Mobile app" channel is on in the alarm settings. Tapping one opens that alarm or task.',
  thisBrowser: {
    heading: 'This browser',
    on: 'This browser receives your notifications.',
    off: 'This browser does not receive your notifications.',
    turnOn: 'Turn on in this browser',
    turnOff: 'Turn off in this browser',
    turnedOn: 'Notifications are on in this browser.',
    turnedOff: 'Notifications are off in this browser.',
    label: '{{browser}} on {{system}}',
    someBrowser: 'Web browser',
  },
  problems: {
    unsupported: 'This browser cannot receive push notifications.',
    insecure: 'Push notifications need the console to be opened at a secure (https) address.',
    noWorker: 'The console is not ready for notifications in this browser yet: reload the page and try again.',
    denied: "Notifications are blocked for this site: allow them in the browser's site settings, then try again.",
    dismissed: 'Notifications were not allowed. Try again and choose "Allow".',
    unreachable: "The browser's push service cannot be reached. Try again later.",
  },
  devices: {
    heading: 'Subscribed browsers',
    count: 'Subscribed: {{count}}/{{limit}}',
    empty: 'No browser is subscribed yet.',
    current: 'This browser',
    added: 'Added {{time}}',
    lastSent: 'Last notification {{time}}',
    neverSent: 'No notification sent yet',
    lastError: 'Last delivery failed: {{error}}',
    remove: 'Remove',
    removeNamed: 'Remove {{label}}',
    removeTitle: 'Remove {{label}}?',
    removeContent: 'It will no longer receive your notifications.',
    removed: 'Removed.',
    loadFailed: 'The list could not be loaded.',
    retry: 'Try again',
  },
  test: {
    send: 'Send a test notification',
    result: 'Test notification sent. Delivered: {{sent}}, failed: {{failed}}.',
    failed: 'The test notification could not be sent.',
  },
  close: 'Close',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: 'rejected address',
    unreachable: 'push service unreachable',
    timeout: 'no answer in time',
    tls: 'secure connection (TLS) failed',
    redirect: 'answered a redirect (not followed)',
    http_4xx: 'refused by the push service (HTTP 4xx)',
    http_5xx: 'push service error (HTTP 5xx)',
    bad_answer: 'not a valid HTTP answer',
    failed: 'failed',
  },
};

export default push;
