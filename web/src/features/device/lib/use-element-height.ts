import { useLayoutEffect, useRef, useState } from 'react';

/** The height of an element, kept up to date as it resizes. */
export function useElementHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // Hidden (a cached tab): keep the last height rather than collapsing to 0.
      if (element.offsetParent !== null) setHeight(element.clientHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}
