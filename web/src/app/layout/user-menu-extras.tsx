import { ApiOutlined, ClearOutlined, FontSizeOutlined, KeyOutlined, LogoutOutlined, MessageOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import type { ReactNode } from 'react';

/**
 * What the user menu draws only later (its own chunk, loaded when the console is idle): antd's
 * animated Badge with the unread-message count, and the icons of the menu's entries.
 */
export function UnreadBadge({ count, testId, offset, children }: { count: number; testId: string; offset?: [number, number]; children?: ReactNode }) {
  return (
    <Badge count={count} overflowCount={99} size="small" offset={offset} data-testid={testId}>
      {children}
    </Badge>
  );
}

export const menuIcons = {
  messages: <MessageOutlined />,
  size: <FontSizeOutlined />,
  apiReference: <ApiOutlined />,
  clearData: <ClearOutlined />,
  clearToken: <KeyOutlined />,
  exit: <LogoutOutlined />,
};
