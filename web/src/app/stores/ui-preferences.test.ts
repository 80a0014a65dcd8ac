// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { antdSize, useUiPreferences } from './ui-preferences';

describe('interface size', () => {
  beforeEach(() => useUiPreferences.setState({ owner: null, size: 'default' }));

  it("defaults to 'default' (antd's middle)", () => {
    useUiPreferences.getState().loadFor(1);
    expect(useUiPreferences.getState().size).toBe('default');
    expect(antdSize('default')).toBe('middle');
  });

  it('is kept per user', () => {
    useUiPreferences.getState().loadFor(1);
    useUiPreferences.getState().setSize('large');
    useUiPreferences.getState().loadFor(2);
    expect(useUiPreferences.getState().size).toBe('default');
    useUiPreferences.getState().setSize('small');
    useUiPreferences.getState().loadFor(1);
    expect(useUiPreferences.getState().size).toBe('large');
    useUiPreferences.getState().loadFor(2);
    expect(useUiPreferences.getState().size).toBe('small');
  });

  it('goes back to the default when signed out', () => {
    useUiPreferences.getState().loadFor(1);
    useUiPreferences.getState().setSize('large');
    useUiPreferences.getState().loadFor(null);
    expect(useUiPreferences.getState().size).toBe('default');
  });
});
