import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { useTabsStore } from '../stores/tabs';

/**
 * /refresh reloads the current view: the page of the tab it came from (location state `from`,
 * else the current tab) is remounted with fresh state, then shown again.
 */
export function RefreshPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  useEffect(() => {
    const { tabs, active, refresh } = useTabsStore.getState();
    const target = from ?? tabs.find((t) => t.path === active)?.fullPath ?? '/index';
    refresh(new URL(target, window.location.origin).pathname);
    void navigate(target, { replace: true });
  }, [from, navigate]);

  return <PageLoading />;
}
