import type { ReactNode } from 'react';

interface WallPanelProps {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A framed panel of the wall display (corner marks, a title bar). */
export function WallPanel({ title, extra, className, testId, children }: WallPanelProps) {
  return (
    <section className={`cf-wall-panel ${className ?? ''}`} data-testid={testId}>
      <header className="cf-wall-panel__head">
        <h2 className="cf-wall-panel__title">{title}</h2>
        {extra && <div className="cf-wall-panel__extra">{extra}</div>}
      </header>
      <div className="cf-wall-panel__body">{children}</div>
    </section>
  );
}
