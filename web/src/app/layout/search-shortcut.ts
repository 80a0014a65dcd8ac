import { useEffect } from 'react';
import { useSearchPanel } from './search-panel-store';

/** Typing in a field (or holding a modifier) must not open the panel. */
function isTyping(event: globalThis.KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="dialog"]') !== null;
}

/** product-spec.md 2: `s` (outside a field or a dialog) opens the search panel. */
export function useSearchShortcut(): void {
  const show = useSearchPanel((s) => s.show);
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || isTyping(event) || useSearchPanel.getState().open) return;
      event.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
}
