import { formatClock } from '../../lib/format';
import { useNow } from '@/lib/use-now';

/** The wall's clock, ticking each second (on its own, so the rest of the wall does not redraw). */
export function WallClock({ language }: { language: string }) {
  const now = new Date(useNow(1000));
  const { time, date } = formatClock(now, language);
  return (
    <div className="cf-wall-clock" data-testid="wall-clock">
      <time className="cf-wall-clock__time" dateTime={now.toISOString()}>
        {time}
      </time>
      <span className="cf-wall-clock__date">{date}</span>
    </div>
  );
}
