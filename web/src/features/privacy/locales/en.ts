/** English texts of the privacy feature: a person's data export and erasure, and data jobs' progress. */
const privacy = {
  title: 'My data',
  titleOf: 'Data of {{account}}',
  intro: 'Download everything the product keeps about you: your account, sign-ins, sessions, audit rows, messages, settings and files, as a zip. It is ready in a few minutes; the link works for 7 days.',
  introOf: 'Export this person\'s data as a zip, or erase the person: the account is pseudonymised and can no longer sign in; robots and their history stay with the customer.',
  loading: 'Loading…',
  jobsHeading: 'Exports and erasures',
  empty: 'No export or erasure yet',
  download: 'Download zip',
  until: 'Link valid until {{time}}',
  expired: 'The download has expired; ask for a new export.',
  failed: 'The job failed; try again.',
  erasedAs: 'Erased; shown in the audit trail as {{pseudonym}}',
  progressLabel: 'Progress of {{name}}',
  kinds: {
    person_export: 'Data export of {{name}}',
    person_erasure: 'Erasure of {{name}}',
    customer_end: 'End of customer {{name}}',
  },
  states: { queued: 'Waiting', running: 'In progress', done: 'Done', failed: 'Failed' },
  export: {
    mine: 'Download my data',
    theirs: 'Export data',
    started: 'Export started; you will be told in the message centre when it is ready',
  },
  erase: {
    heading: 'Erase this person',
    intro: 'Removes the person\'s sign-ins, factors, messages and personal fields for good. This cannot be undone.',
    button: 'Erase',
    confirmTitle: 'Erase {{account}}?',
    confirm: 'Erase for good',
    what: 'Sessions and API tokens end at once, two-factor and single sign-on links are removed, name, e-mail and phone are replaced by a pseudonym. Robots, maps and reports stay with the customer.',
    typeToConfirm: 'Type {{account}} to confirm',
    started: 'Erasure started',
  },
};

export default privacy;
