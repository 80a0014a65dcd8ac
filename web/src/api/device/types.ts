/** The device side's shapes, taken from the server's schema (a changed call breaks the type check). */
import type { BodyOf, DataOf } from '@/api/types';

export type DevicePage = DataOf<'/api/device/selectDevicePc'>;
export type Device = DevicePage['list'][number];
export type DeviceInsertBody = BodyOf<'/api/device/insertDevice'>;
export type DeviceUpdateBody = BodyOf<'/api/device/updateDeviceInfo'>;
export type DeviceType = DataOf<'/api/device/selectDeviceType'>[number];
export type OwnerNode = DataOf<'/api/device/selectOwnUser'>[number];
export type DeviceGroup = DataOf<'/api/deviceGroup/selectAll'>[number];
export type DeviceBrief = DataOf<'/api/device/selectAllDevice'>[number];
export type TransferNode = DataOf<'/api/wmDeviceHostInfo/queryList'>[number];
export type DeviceHardware = DataOf<'/api/deviceHard/getDeviceHardByDeviceId'>;
export type ProductionBatch = DataOf<'/api/deviceProductBatch/listFull'>[number];
export type Consumables = DataOf<'/api/deviceConsumable/consumableInfo'>;
export type Consumable = Consumables['list'][number];
export type ConsumableKind = BodyOf<'/api/deviceConsumable/consumableUpdate'>['kind'];
export type ConsumableItem = BodyOf<'/api/deviceConsumable/consumableEdit'>['consumables'][number];
export type Reminders = DataOf<'/api/maintain/findMaintainBySn'>;
export type Reminder = Reminders['list'][number];
export type ReminderItem = BodyOf<'/api/maintain/updateMaintainBySn'>['maintains'][number];

/** One part change of a device (getDeviceHardHistoryListBean answers them untyped). */
export interface HardwareChange {
  id: number;
  deviceId: number;
  cateName: string;
  oldPart: string;
  newPart: string;
  /** How the change came: by hand, from a batch, ... */
  source: string;
  batchId: number | null;
  userId: number | null;
  account: string;
  changeTime: string;
}

export interface HardwareChangePage {
  list: HardwareChange[];
  total: number;
  pageNum: number;
  pageSize: number;
}
