/**
 * A date and time on two lines (date above time), so a time column stays narrow enough for a wide table to
 * fit a laptop screen beside its fixed actions column (issue 30) and the time is never cut.
 */

/** "2026-11-23 19:48" → ["2026-11-23", "19:48"]; a text without a space is one line. */
export function dateTimeLines(text: string): [string] | [string, string] {
  const at = text.indexOf(' ');
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}

export function DateTimeLines({ text }: { text: string }) {
  const [date, time] = dateTimeLines(text);
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', whiteSpace: 'nowrap' }}>
      <span>{date}</span>
      {time ? <span>{time}</span> : null}
    </span>
  );
}
