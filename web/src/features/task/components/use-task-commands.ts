import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelAllTasks, useTaskChange } from '../api/tasks';
import { CONFIRM_WITHIN_MS, confirms, type Seen, type TaskCommand } from '../lib/task-command';

/** A command on its way: sent (its call not answered yet), or accepted and waiting for the robot's state. */
export interface PendingCommand {
  command: TaskCommand;
  phase: 'sending' | 'waiting';
  /** Waited longer than CONFIRM_WITHIN_MS (said once); still waiting. */
  late: boolean;
}

interface Tracked extends PendingCommand {
  id: number;
  deviceId: number;
  before: Seen;
}

/**
 * Sends the robot's task commands and follows each to its end (lib/task-command.ts): a refusal is shown by
 * the API client (the server's translated reason) and ends it; an acceptance waits until `seen`, the robot's
 * state as the page shows it, confirms it ("Paused"), saying once when the robot is slow to confirm.
 */
export function useTaskCommands(deviceId: number, seen: Seen) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const calls = {
    pause: useTaskChange('/api/task/pause'),
    resume: useTaskChange('/api/task/resume'),
    cancelOne: useTaskChange('/api/task/cancelOne'),
    cancelAll: useCancelAllTasks(),
  };
  const [tracked, setTracked] = useState<Tracked | null>(null);
  const ids = useRef(0);
  const pending = tracked?.deviceId === deviceId ? tracked : null;

  const send = (command: TaskCommand) => {
    const id = ++ids.current;
    const mine = (p: Tracked | null) => p !== null && p.id === id;
    setTracked({ id, deviceId, command, phase: 'sending', late: false, before: seen });
    calls[command].mutateAsync({ deviceId }).then(
      () => setTracked((p) => (mine(p) && p ? { ...p, phase: 'waiting' } : p)),
      // refused or failed: the API client has shown why
      () => setTracked((p) => (mine(p) ? null : p)),
    );
  };

  // confirmed: the tag goes in this render (React's "adjust state while rendering"), the message once, after it
  const waiting = pending?.phase === 'waiting' ? pending : null;
  const [confirmed, setConfirmed] = useState<{ id: number; command: TaskCommand } | null>(null);
  const done = waiting !== null && confirms(waiting.command, waiting.before, seen);
  if (done) {
    setTracked(null);
    setConfirmed({ id: waiting.id, command: waiting.command });
  }
  const announced = useRef(0);
  useEffect(() => {
    if (confirmed === null || announced.current === confirmed.id) return;
    announced.current = confirmed.id;
    void message.success(t(`task.live.done.${confirmed.command}`));
  }, [confirmed, message, t]);

  const slowId = waiting !== null && !waiting.late && !done ? waiting.id : null;
  useEffect(() => {
    if (slowId === null) return;
    const timer = setTimeout(() => {
      setTracked((p) => (p?.id === slowId ? { ...p, late: true } : p));
      void message.warning(t('task.live.notConfirmed'));
    }, CONFIRM_WITHIN_MS);
    return () => clearTimeout(timer);
  }, [slowId, message, t]);

  const shown: PendingCommand | null = pending ? { command: pending.command, phase: pending.phase, late: pending.late } : null;
  return { pending: shown, send };
}
