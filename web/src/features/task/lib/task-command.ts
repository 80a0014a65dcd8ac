/**
 * What a task command (pause, resume, cancel this task, cancel all) waits for before the console says it
 * happened (issue 30 item 2).
 *
 * The server answers a command once the robot took it; the robot's state on the page changes only with its
 * next heartbeat (3.5–5 s later). So a command goes through: sending (its button loads, the card shows
 * "Pausing…") → refused (the API client shows the server's translated reason, the tag goes) or accepted → waiting
 * for the robot's live state to show the change (the tag stays) → confirmed ("Paused"). Decisions:
 *
 * - Confirmation comes from the state the page shows (live heartbeats, or the state read again after the
 *   command), not from the command's answer: the console says "Paused" when its own state tag says so.
 * - Pause is confirmed by the state `paused`; resume by any state but `paused`; "cancel this task" by another
 *   task running (the job's next one) or none; "cancel all" by no task running.
 * - If nothing confirms within CONFIRM_WITHIN_MS of the acceptance (the call itself has its own time limit and
 *   says so when it runs out), the console says "The robot has not confirmed yet" once and keeps waiting: a
 *   late confirmation still says "Paused". A new command replaces the one waited for; another robot chosen drops it.
 * - "Cancel this task" and "Cancel all tasks" ask first (a Popconfirm, as the console's deletions do), naming the
 *   task and the robot; the question's buttons read "Don't cancel" and the command itself, never a bare "Cancel"
 *   beside a "Cancel all tasks". Pause and resume are undone by each other and do not ask.
 */

export type TaskCommand = 'pause' | 'resume' | 'cancelOne' | 'cancelAll';

export const CONFIRM_WITHIN_MS = 15_000;

/** The part of the robot's work a command changes, as the page shows it. */
export interface Seen {
  state: string;
  task: string;
}

/** Whether the robot's state `now` shows `command` done, given what it showed when the command was sent. */
export function confirms(command: TaskCommand, before: Seen, now: Seen): boolean {
  switch (command) {
    case 'pause':
      return now.state === 'paused';
    case 'resume':
      return now.state !== '' && now.state !== 'paused';
    case 'cancelOne':
      return now.task !== before.task;
    case 'cancelAll':
      return now.task === '';
  }
}
