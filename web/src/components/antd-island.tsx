/**
 * antd outside the sign-in page's first load (issue 52 item 11): the sign-in form draws without antd, so the
 * entry carries neither antd's components nor its style sheet. A part of the page drawn with antd (the language
 * menu, a refusal's alert, the second step, a page's spinner before the console has loaded) is an island: its
 * module and antd's scope (locale, direction, size, theme and style sheet: app/providers.tsx `AntdScope`,
 * app/antd-sheet.ts), loaded together. The app hands the scope's loader down at start (main.tsx
 * `configureAntd`); without one (unit tests) a part draws as it is.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';

type Scope = ComponentType<{ children: ReactNode }>;

const asIs: Scope = ({ children }) => children;
let loadScope: () => Promise<Scope> = () => Promise.resolve(asIs);

export function configureAntd(load: () => Promise<Scope>): void {
  loadScope = load;
}

/** antd's scope, loaded (for prefetching it). */
export const loadAntdScope = (): Promise<Scope> => loadScope();

/** A lazily loaded part drawn with antd, inside antd's scope: for `<Suspense>`, as `React.lazy` gives. */
export function antdIsland<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [AntdScope, { default: Part }] = await Promise.all([loadScope(), load()]);
    return {
      default: (props: P) => (
        <AntdScope>
          <Part {...props} />
        </AntdScope>
      ),
    };
  });
}
