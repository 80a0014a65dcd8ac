import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { readIn } from '@/test/i18n';
import { alarmText } from './alarm-text';

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', await loadMessages('en'));
  await readIn('zh-CN');
});

const exists = (key: string) => i18n.exists(key);

describe('alarm texts', () => {
  it('translates by the robot key, then by the api-spec 8.3 code', () => {
    expect(alarmText(i18n.t, { key: 'manual_mode', content: 'manual mode' }, exists)).toBe('手动模式');
    expect(alarmText(i18n.t, { key: '', code: '0x0535', content: 'task paused: emergency stop' }, exists)).toBe(
      '任务暂停：急停',
    );
  });

  it("falls back to the robot's own text, then the code", () => {
    expect(alarmText(i18n.t, { key: 'brand_new_alarm', content: 'Something new' }, exists)).toBe('Something new');
    expect(alarmText(i18n.t, { key: '', code: 'E103', content: '' }, exists)).toBe('E103');
  });
});
