import { beforeEach, describe, expect, it } from 'vitest';
import { noteOutcome, noteSent, useCommandNotes } from './command-notes';

describe('command notes', () => {
  beforeEach(() => useCommandNotes.setState({}, true));

  it('says a command is awaited from the moment it is sent, then how it went', () => {
    const id = noteSent(7, 'Go home');
    expect(useCommandNotes.getState()[7]).toMatchObject({ label: 'Go home', phase: 'waiting' });
    noteOutcome(7, id, 'done');
    expect(useCommandNotes.getState()[7]).toMatchObject({ label: 'Go home', phase: 'done' });
  });

  it('keeps the newer command when an older one answers late', () => {
    const first = noteSent(7, 'Go home');
    noteSent(7, 'Cancel going home');
    noteOutcome(7, first, 'failed');
    expect(useCommandNotes.getState()[7]).toMatchObject({ label: 'Cancel going home', phase: 'waiting' });
  });
});
