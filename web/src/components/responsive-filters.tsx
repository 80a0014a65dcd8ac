import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Space } from 'antd';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/lib/use-is-phone';
import './responsive-table.css';

interface Props {
  children: ReactNode;
  /** How many filters are applied: shown on the folded panel's button, so a phone user sees the list is filtered. */
  active?: number;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A page's filters: in a row that wraps on a desktop; on a phone (issue 32) folded behind a "Filters" button
 * (closed at first, so the list is what a phone shows first), each filter then taking the whole width.
 */
export function ResponsiveFilters({ children, active = 0, className, style, 'data-testid': testId }: Props) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!phone) {
    return (
      <Space wrap className={className} style={style} data-testid={testId}>
        {children}
      </Space>
    );
  }
  return (
    <div className={['cf-rfilters--phone', className].filter(Boolean).join(' ')} data-testid={testId}>
      <Badge count={active} size="small" offset={[-4, 4]}>
        <Button className="cf-rfilters__toggle" icon={<FilterOutlined />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="filters-toggle">
          {t('common.filters')}
        </Button>
      </Badge>
      <div id={panelId} className="cf-rfilters__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
