import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The inner width and height of an element, kept up to date as it resizes (0 until first measured). While the
 * element is hidden (a cached tab) the last size is kept rather than collapsing to 0.
 */
export function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.offsetParent === null) return;
      setSize((last) =>
        last.width === element.clientWidth && last.height === element.clientHeight
          ? last
          : { width: element.clientWidth, height: element.clientHeight },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}
