import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { readIn } from '@/test/i18n';
import type { Device } from '@/api/device/types';
import { exportTable, exportWorkbook } from './device-export';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A cell's stored number: exceljs reads a number with a time format back as a Date. */
function serial(value: unknown): number {
  if (value instanceof Date) return (value.getTime() - EXCEL_EPOCH) / 86_400_000;
  if (typeof value === 'number') return value;
  throw new Error(`not a number: ${JSON.stringify(value)}`);
}

function device(overrides: Partial<Device> = {}): Device {
  return {
    deviceId: 1, deviceSerialNumber: 'CF20260001', deviceCode: 'Lobby 01', deviceType: 1, typeName: 'CleanBot S1', typeUrl: '',
    deviceUrl: '', userId: 2, userName: 'City Hospital', account: 'userA1', address: 'Beijing', address1: 'Ward A', city: '',
    province: '', country: 'China', area: '', customerName: '', customerAddress: '', latitude: null, longitude: null,
    simNo: '8986', simSupport: 3, rackNumber: 'SC0001', frpHost: '', frpPort: null, sshPort: null, webPort: null,
    firmwareVersion: '2.3.1', softVersion: '1.20.0', padVersion: '1.8.0', hardDiskInfo: '', protocolVersion: 3, elevatorId: null,
    bootTime: '2026-11-21T10:30:00Z', createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', online: 1,
    battery: 80, charging: 0, mode: '', map: 'Lobby', job: 'Morning sweep', progress: 45.5, heartbeatTime: '2026-11-21T11:55:00Z',
    brokerAuth: '',
    ...overrides,
  };
}

let t: TFunction;
beforeAll(async () => {
  await readIn('en');
  t = i18n.t.bind(i18n) as TFunction;
});

describe('device export', () => {
  it('writes battery and progress as percentage texts and times as hh:mm:ss', () => {
    const table = exportTable([device(), device({ online: 0, battery: null, progress: null, bootTime: null })], t, NOW);
    const column = (name: string) => table.headers.indexOf(name);
    const [online, offline] = table.rows;
    expect(online?.[column('Battery')]).toBe('80%');
    expect(online?.[column('Progress')]).toBe('45.5%');
    expect(online?.[column('Running time')]).toBe('01:30:00');
    expect(online?.[column('Since last heartbeat')]).toBe('00:05:00');
    expect(online?.[column('SIM provider')]).toBe('SimBoss');
    expect(offline?.[column('Battery')]).toBe('');
    expect(offline?.[column('Running time')]).toBe('');
    expect(offline?.[column('State')]).toBe('Offline');
  });

  it('makes a workbook whose durations and percentages are numbers with number formats', async () => {
    const table = exportTable([device()], t, NOW);
    const blob = await exportWorkbook(table, 'Device list');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.getWorksheet('Device list');
    expect(sheet).toBeDefined();
    const header = sheet!.getRow(1).values as unknown[];
    const cell = (name: string) => sheet!.getRow(2).getCell(header.indexOf(name));
    expect(cell('Battery').value).toBe(0.8);
    expect(cell('Battery').numFmt).toBe('0%');
    expect(cell('Progress').value).toBe(0.455);
    expect(cell('Progress').numFmt).toBe('0.0%');
    expect(serial(cell('Running time').value)).toBeCloseTo(1.5 / 24, 10);
    expect(cell('Running time').numFmt).toBe('[h]:mm:ss');
    expect(cell('Running time').type).not.toBe(ExcelJS.ValueType.String);
    expect(serial(cell('Since last heartbeat').value)).toBeCloseTo(300 / 86_400, 10);
    expect(cell('Battery').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Serial number').value).toBe('CF20260001');
    expect(cell('Rack number').value).toBe('SC0001');
  });
});

describe('the export in the reader’s language', () => {
  it('names the country in Chinese in a Chinese console', async () => {
    const { countryNameIn } = await import('@/lib/country-name');
    expect(countryNameIn('Germany', 'zh-CN')).toBe('德国');
    expect(countryNameIn('Nowhere land', 'zh-CN')).toBe('Nowhere land');
  });
});
