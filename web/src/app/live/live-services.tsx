/**
 * What the main layout runs for the live push, in a chunk of its own (loaded after the first
 * paint, outside the layout's bundle budget): the shared connection and the header's alarm feed.
 */
import { useSessionStore } from '@/lib/session';
import { AlarmFeed } from './alarm-feed';
import { useLiveConnection } from '@/lib/live/connection';

export default function LiveServices() {
  const token = useSessionStore((s) => s.token);
  useLiveConnection(token);
  return <AlarmFeed />;
}
