import { describe, expect, it } from 'vitest';
import { consolePathOf, PUSH_FALLBACK_PATH, readPushMessage } from './push-target';

const ORIGIN = 'https://fleet.example.com';

describe('where a tapped notification may go', () => {
  it("opens the console paths the server sends, with their query", () => {
    expect(consolePathOf('/warn/index/warn?alarmId=7', ORIGIN)).toBe('/warn/index/warn?alarmId=7');
    expect(consolePathOf('/device/report?reportId=12', ORIGIN)).toBe('/device/report?reportId=12');
    expect(consolePathOf('/index', ORIGIN)).toBe('/index');
  });

  it('never leaves the console: other sites, schemes and protocol-relative addresses open the start page', () => {
    for (const url of [
      'https://evil.example/warn',
      '//evil.example/warn',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'warn/index/warn',
      `${ORIGIN}/warn/index/warn`,
    ]) {
      expect(consolePathOf(url, ORIGIN), url).toBe(PUSH_FALLBACK_PATH);
    }
  });

  it('never opens a raw API call, nor anything that is not a short text', () => {
    expect(consolePathOf('/api/warn/list', ORIGIN)).toBe(PUSH_FALLBACK_PATH);
    expect(consolePathOf('/api', ORIGIN)).toBe(PUSH_FALLBACK_PATH);
    expect(consolePathOf(undefined, ORIGIN)).toBe(PUSH_FALLBACK_PATH);
    expect(consolePathOf(42, ORIGIN)).toBe(PUSH_FALLBACK_PATH);
    expect(consolePathOf(`/warn?x=${'a'.repeat(600)}`, ORIGIN)).toBe(PUSH_FALLBACK_PATH);
  });

  it('keeps a path that only looks odd inside the console', () => {
    expect(consolePathOf('/warn/../device/report?reportId=3', ORIGIN)).toBe('/device/report?reportId=3');
    expect(consolePathOf('/apis', ORIGIN)).toBe('/apis');
  });
});

describe('a push message as the worker reads it', () => {
  it("takes the server's fields", () => {
    const message = readPushMessage(
      { title: 'Lidar fault', body: 'Robot R-7: dock failed', url: '/warn/index/warn?alarmId=7', tag: 'alarm-7', kind: 'alarm', id: 7 },
      'cleanfleet',
    );
    expect(message).toEqual({ title: 'Lidar fault', body: 'Robot R-7: dock failed', url: '/warn/index/warn?alarmId=7', tag: 'alarm-7', kind: 'alarm', id: 7 });
  });

  it('gives a plain message for anything else, bounded', () => {
    expect(readPushMessage(null, 'cleanfleet')).toMatchObject({ title: 'cleanfleet', body: '', url: '/', kind: 'test', id: null });
    const long = readPushMessage({ title: 'x'.repeat(500), body: 'y'.repeat(5_000), kind: 'other' }, 'cleanfleet');
    expect(long.title).toHaveLength(200);
    expect(long.body).toHaveLength(1_000);
    expect(long.kind).toBe('test');
  });
});
