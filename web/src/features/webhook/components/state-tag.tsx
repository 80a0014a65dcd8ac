import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const SUBSCRIPTION_COLORS: Record<string, string> = { active: 'success', paused: 'error', off: 'default' };
const DELIVERY_COLORS: Record<string, string> = { delivered: 'success', failed: 'error', pending: 'processing' };

/** A subscription's state (active, paused by the server, turned off) or a delivery's (delivered, failed, pending). */
export function StateTag({ state, kind }: { state: string; kind: 'subscription' | 'delivery' }) {
  const { t } = useTranslation();
  const color = (kind === 'subscription' ? SUBSCRIPTION_COLORS : DELIVERY_COLORS)[state] ?? 'default';
  return (
    <Tag color={color} data-testid={`${kind}-state`}>
      {t(`webhook.states.${state}`, { defaultValue: state })}
    </Tag>
  );
}
