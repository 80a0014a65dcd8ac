/**
 * The mails the journeys' server sent, as the run's SMTP sink received them (e2e/smtp-sink.py, started with the
 * run by playwright.config.ts): each mail is `<n>.eml` in MAIL_DIR with `<n>.json` beside it (the envelope's
 * recipients, the subject and the decoded plain-text body), which is what is read here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAIL_DIR } from './ports';

export interface ReceivedMail {
  number: number;
  /** When the sink received it (ISO 8601, UTC). */
  receivedAt: string;
  mailFrom: string;
  /** The envelope's recipients (each address the server sent it to). */
  rcptTos: string[];
  from: string;
  to: string;
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  /** The received bytes (`.eml`), for a journey's artefacts. */
  file: string;
}

export interface MailQuery {
  /** One of its recipients (any case). */
  to: string;
  subject?: string | RegExp;
  text?: string | RegExp;
  /** Only a mail received at or after this time (one sent by the step under test, not an earlier one). */
  after?: Date;
}

/** Every mail received so far in this run, oldest first. */
export function receivedMails(): ReceivedMail[] {
  if (!existsSync(MAIL_DIR)) return [];
  return readdirSync(MAIL_DIR)
    .filter((name) => /^\d+\.json$/.test(name))
    .toSorted()
    .map((name) => ({ ...(JSON.parse(readFileSync(join(MAIL_DIR, name), 'utf8')) as Omit<ReceivedMail, 'file'>), file: join(MAIL_DIR, name.replace(/\.json$/, '.eml')) }));
}

function fits(value: string, wanted: string | RegExp | undefined): boolean {
  return wanted === undefined || (typeof wanted === 'string' ? value.includes(wanted) : wanted.test(value));
}

function matches(mail: ReceivedMail, query: MailQuery): boolean {
  const to = query.to.toLowerCase();
  return (
    mail.rcptTos.some((address) => address.toLowerCase() === to) &&
    fits(mail.subject, query.subject) &&
    fits(mail.text, query.text) &&
    (query.after === undefined || Date.parse(mail.receivedAt) >= query.after.getTime())
  );
}

/**
 * Waits (polling the sink's folder) for the newest mail that matches `query`, and answers it. On a timeout the
 * error lists what did arrive, so a journey's failure says whether the mail went elsewhere or nowhere.
 */
export async function waitForMail(query: MailQuery, timeout = 60_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = receivedMails().findLast((mail) => matches(mail, query));
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = receivedMails().map((mail) => `  ${mail.receivedAt} to ${mail.rcptTos.join(', ')}: ${mail.subject}`);
      throw new Error(`no mail to ${query.to} (subject ${String(query.subject ?? 'any')}, text ${String(query.text ?? 'any')}) within ${timeout} ms; ${seen.length} received:\n${seen.join('\n')}`);
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
}

/** The first link in a mail's text whose address contains `part` (e.g. the incident's acknowledge link). */
export function linkIn(mail: ReceivedMail, part: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link with ${part} in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
