/**
 * The header's "show alarms" and "play alarm sound" checkboxes, kept in localStorage.
 * The sound is only active while alarms are shown.
 */
import { create } from 'zustand';
import { readStored, writeStored } from '@/lib/storage';

interface AlarmPreferences {
  showAlarms: boolean;
  playSound: boolean;
}

interface AlarmPreferencesState extends AlarmPreferences {
  setShowAlarms(value: boolean): void;
  setPlaySound(value: boolean): void;
}

const STORAGE_NAME = 'alarmPreferences';
const defaults: AlarmPreferences = { showAlarms: true, playSound: false };

function load(): AlarmPreferences {
  const saved = readStored<Partial<AlarmPreferences>>(STORAGE_NAME);
  return {
    showAlarms: typeof saved?.showAlarms === 'boolean' ? saved.showAlarms : defaults.showAlarms,
    playSound: typeof saved?.playSound === 'boolean' ? saved.playSound : defaults.playSound,
  };
}

export const useAlarmPreferences = create<AlarmPreferencesState>((set, get) => {
  const save = (next: AlarmPreferences) => {
    writeStored(STORAGE_NAME, next);
    set(next);
  };
  return {
    ...load(),
    setShowAlarms: (showAlarms) => save({ showAlarms, playSound: get().playSound }),
    setPlaySound: (playSound) => save({ showAlarms: get().showAlarms, playSound }),
  };
});

/** Whether an alarm should make a sound right now. */
export function soundActive(prefs: AlarmPreferences): boolean {
  return prefs.showAlarms && prefs.playSound;
}
