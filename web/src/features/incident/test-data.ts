/** Answers of the incident calls as the component tests fake them (the shapes of the published schema). */
import type { Incident } from '@/api/incident/incidents';
import type { IncidentDetail } from './api/incidents';
import type { Rule } from './api/settings';

export const INCIDENT: Incident = {
  incidentId: 41,
  deviceId: 5,
  deviceName: 'Lobby scrubber',
  deviceSerialNumber: 'SN-0005',
  ownerId: 3,
  ownerName: 'Hospital group',
  siteId: 7,
  siteName: 'City Hospital',
  code: 'emergency_stop',
  alarmCode: '',
  urgency: 'high',
  state: 'open',
  openedAt: '2026-11-24T08:00:00Z',
  lastAlarmAt: '2026-11-24T08:05:00Z',
  alarmCount: 2,
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  acknowledgedVia: null,
  endedAt: null,
  endedBy: null,
  cause: null,
  note: '',
  ackSeconds: null,
  resolveSeconds: null,
  level: 0,
  nextStepAt: '2026-11-24T08:15:00Z',
};

export const RESOLVED: Incident = {
  ...INCIDENT,
  incidentId: 40,
  state: 'resolved',
  urgency: 'medium',
  acknowledgedAt: '2026-11-24T07:10:00Z',
  acknowledgedBy: 'Ada',
  acknowledgedVia: 'link',
  endedAt: '2026-11-24T07:40:00Z',
  endedBy: 'Ada',
  openedAt: '2026-11-24T07:00:00Z',
  cause: 'stuck',
  note: 'Freed the wheel',
  ackSeconds: 600,
  resolveSeconds: 2400,
  nextStepAt: null,
};

export const DETAIL: IncidentDetail = {
  incident: INCIDENT,
  policy: { levels: [{ up: 0, waitMinutes: 0 }, { up: 1, waitMinutes: 15 }], reminderMinutes: 15, reminderLimit: 3 },
  timeline: [
    { time: '2026-11-24T08:00:00Z', kind: 'opened' },
    { time: '2026-11-24T08:00:00Z', kind: 'alarm', alarmId: 900 },
    { time: '2026-11-24T08:00:01Z', kind: 'sent', level: 0, step: 0, userId: 3, userName: 'Hospital group', channel: 'email', channelName: 'E-mail', state: 'sent' },
    { time: '2026-11-24T08:00:01Z', kind: 'sent', level: 0, step: 0, userId: 3, userName: 'Hospital group', channel: 'sms', channelName: 'SMS', state: 'failed', error: 'webhook answered HTTP 500' },
    { time: '2026-11-24T08:05:00Z', kind: 'alarm', alarmId: 901 },
  ],
};

export const RULE: Rule = {
  userId: 1,
  code: 'emergency_stop',
  alarmCode: '',
  kind: 'fault',
  type: 'alarm',
  opens: true,
  urgency: 'high',
  levels: [{ up: 0, waitMinutes: 0 }, { up: 1, waitMinutes: 15 }],
  reminderMinutes: 15,
  reminderLimit: 3,
  custom: true,
  inheritedFrom: null,
};

export const PRESET_RULE: Rule = { ...RULE, code: 'low_battery', type: 'reminder', opens: false, levels: [], custom: false };
