import { describe, expect, it } from 'vitest';
import {
  checkFrpPort,
  checkImage,
  checkLatitude,
  checkLongitude,
  checkName,
  checkNotNegative,
  checkPort,
  checkPortBehindFrp,
  checkPositive,
  checkProtocolVersion,
  checkSerialNumber,
} from './validators';

describe('device form rules', () => {
  it('ports are whole numbers from 20000 to 30000, or empty', () => {
    expect(checkPort(undefined)).toBeNull();
    expect(checkPort('')).toBeNull();
    expect(checkPort(20_000)).toBeNull();
    expect(checkPort(30_000)).toBeNull();
    expect(checkPort('25000')).toBeNull();
    expect(checkPort(19_999)).toBe('port');
    expect(checkPort(30_001)).toBe('port');
    expect(checkPort(20_000.5)).toBe('port');
    expect(checkPort('abc')).toBe('port');
  });

  it('an FRP port needs its host set first', () => {
    expect(checkFrpPort(21_000, 'cn-east.frp.example')).toBeNull();
    expect(checkFrpPort(21_000, '')).toBe('portNeedsHost');
    expect(checkFrpPort(21_000, undefined)).toBe('portNeedsHost');
    expect(checkFrpPort(undefined, undefined)).toBeNull();
    expect(checkFrpPort(5, 'host')).toBe('port');
  });

  it('an SSH or web port needs the FRP port set first', () => {
    expect(checkPortBehindFrp(22_000, 21_000)).toBeNull();
    expect(checkPortBehindFrp(22_000, null)).toBe('portNeedsFrpPort');
    expect(checkPortBehindFrp(undefined, null)).toBeNull();
    expect(checkPortBehindFrp(5, 21_000)).toBe('port');
  });

  it('consumable life and maintenance period are numbers above 0', () => {
    expect(checkPositive(0.5)).toBeNull();
    expect(checkPositive(720)).toBeNull();
    expect(checkPositive(0)).toBe('positive');
    expect(checkPositive(-3)).toBe('positive');
    expect(checkPositive('x')).toBe('positive');
    expect(checkPositive(undefined)).toBe('required');
    expect(checkPositive(null, false)).toBeNull();
    expect(checkNotNegative(0)).toBeNull();
    expect(checkNotNegative(-1)).toBe('notNegative');
  });

  it('names are required; serial numbers are letters, digits and _ . : -', () => {
    expect(checkName('  ')).toBe('required');
    expect(checkName('Lobby robot')).toBeNull();
    expect(checkName('x'.repeat(65))).toBe('tooLong');
    expect(checkSerialNumber('CF20260001')).toBeNull();
    expect(checkSerialNumber('CF-01:a_b.c')).toBeNull();
    expect(checkSerialNumber('CF 01')).toBe('serialPattern');
    expect(checkSerialNumber('机器人')).toBe('serialPattern');
    expect(checkSerialNumber('')).toBe('required');
  });

  it('coordinates and protocol versions stay in range', () => {
    expect(checkLatitude(31.23)).toBeNull();
    expect(checkLatitude(-90)).toBeNull();
    expect(checkLatitude(90.01)).toBe('latitude');
    expect(checkLongitude(-180)).toBeNull();
    expect(checkLongitude(181)).toBe('longitude');
    expect(checkProtocolVersion(3)).toBeNull();
    expect(checkProtocolVersion(0)).toBe('protocolVersion');
    expect(checkProtocolVersion(2.5)).toBe('protocolVersion');
  });

  it('images are at most 2 MB and PNG, JPEG, GIF or WebP', () => {
    expect(checkImage({ size: 2 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(checkImage({ size: 2 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('imageTooLarge');
    expect(checkImage({ size: 10, type: 'image/svg+xml' })).toBe('imageType');
    expect(checkImage({ size: 10, type: 'application/pdf' })).toBe('imageType');
  });
});
