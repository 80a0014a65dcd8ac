import {
  AlertOutlined,
  ApiOutlined,
  AuditOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  ColumnHeightOutlined,
  ControlOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  MessageOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuGroup, RouteKey } from '@/lib/route-table';

const groupIcons: Record<MenuGroup, ReactNode> = {
  device: <RobotOutlined />,
  user: <TeamOutlined />,
  warn: <AlertOutlined />,
  version: <CloudServerOutlined />,
  file: <FolderOpenOutlined />,
  site: <EnvironmentOutlined />,
  integration: <ApiOutlined />,
};

const routeIcons: Partial<Record<RouteKey, ReactNode>> = {
  index: <DashboardOutlined />,
  reportChart: <BarChartOutlined />,
  'device_control/index': <ControlOutlined />,
  'elevator/index': <ColumnHeightOutlined />,
  'message/index': <MessageOutlined />,
  log: <FileTextOutlined />,
  audit: <AuditOutlined />,
  retention: <FieldTimeOutlined />,
};

export function groupIcon(group: MenuGroup): ReactNode {
  return groupIcons[group];
}

export function routeIcon(key: RouteKey): ReactNode {
  return routeIcons[key] ?? null;
}
