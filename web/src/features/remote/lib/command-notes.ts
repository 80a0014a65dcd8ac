/**
 * What the console last asked a robot to do, and how it went (issue 48 item 16): a command such as "Go home" takes
 * seconds while the robot answers, so the robot's commands card says at once that it was sent and is awaited, then
 * the outcome. Kept per robot outside the buttons: "Go home" gives way to "Cancel going home" while the robot
 * returns, and the note must outlive the button that sent it.
 */
import { create } from 'zustand';

export type CommandPhase = 'waiting' | 'done' | 'failed';

export interface CommandNote {
  /** One per command sent: an earlier command's late answer does not overwrite a newer note. */
  id: number;
  label: string;
  phase: CommandPhase;
}

export const useCommandNotes = create<Partial<Record<number, CommandNote>>>(() => ({}));

let sent = 0;

/** A command was sent to the robot: its note says it is awaited. Returns the note's id. */
export function noteSent(deviceId: number, label: string): number {
  sent += 1;
  useCommandNotes.setState({ [deviceId]: { id: sent, label, phase: 'waiting' } });
  return sent;
}

/** The robot answered (or the call failed): the note says how it went, unless a newer command replaced it. */
export function noteOutcome(deviceId: number, id: number, phase: Exclude<CommandPhase, 'waiting'>): void {
  const note = useCommandNotes.getState()[deviceId];
  if (note?.id === id) useCommandNotes.setState({ [deviceId]: { ...note, phase } });
}
