/**
 * `/warn/index/warn?alarmId=<id>` (a tapped push notification, issue 32 item 4) opens that alarm's
 * detail; the id then leaves the address, so closing the detail does not open it again, and the next
 * notification's link does.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { linkedId, withoutParam } from '@/lib/link-id';
import { useLinkedAlarmLookup, type Alarm } from '../api/alarms';

export function useLinkedAlarm(open: (alarm: Alarm) => void): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const id = linkedId(params.get('alarmId'));
  const lookup = useLinkedAlarmLookup(id);
  const found = lookup.isSuccess ? lookup.data : undefined;

  useEffect(() => {
    // the id leaves the address below, so this runs once per link, whatever else changes
    if (id === null || found === undefined) return;
    if (found) open(found);
    else void message.info(t('warn.linkedMissing'));
    setParams((current) => withoutParam(current, 'alarmId'), { replace: true });
  }, [id, found, open, message, t, setParams]);
}
