import { describe, expect, it } from 'vitest';
import { chartAnimation } from './animation';

describe('chartAnimation', () => {
  it('draws a chart\'s data at once and only animates later changes', () => {
    const options = chartAnimation(true);
    expect(options).toMatchObject({ animation: true, animationDuration: 0 });
    expect(options.animationDurationUpdate).toBeGreaterThan(0);
    expect(options.animationDurationUpdate).toBeLessThanOrEqual(300);
  });

  it('draws without any animation where animation is off (the e2e build)', () => {
    expect(chartAnimation(false)).toEqual({ animation: false });
  });
});
