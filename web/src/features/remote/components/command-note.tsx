import { CheckCircleOutlined, CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCommandNotes } from '../lib/command-notes';

const ICONS = { waiting: <LoadingOutlined />, done: <CheckCircleOutlined />, failed: <CloseCircleOutlined /> } as const;
const TEXTS = { waiting: 'remote.commands.waiting', done: 'remote.commands.answered', failed: 'remote.commands.notDone' } as const;

/**
 * The robot's last command as the commands card shows it (issue 48 item 16): "Go home: sent, waiting for the
 * robot…" from the moment it is sent, then whether the robot confirmed it. A status (`<output>`), so a screen
 * reader hears both.
 */
export function CommandNoteLine({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const note = useCommandNotes((notes) => notes[deviceId]);
  return (
    <output className={`cf-remote-command-note cf-remote-command-note--${note?.phase ?? 'none'}`} data-testid="command-note" data-phase={note?.phase ?? ''}>
      {note ? (
        <>
          <span aria-hidden>{ICONS[note.phase]}</span> {t(TEXTS[note.phase], { command: `\u2068${note.label}\u2069` })}
        </>
      ) : null}
    </output>
  );
}
