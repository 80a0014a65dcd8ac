import type { IconDefinition } from '@ant-design/icons-svg/es/types';

interface IconNode {
  tag: string;
  attrs: Record<string, string>;
  children?: IconNode[];
}

/**
 * One of antd's outlined icons drawn from its definition (`@ant-design/icons-svg`), as `@ant-design/icons` draws
 * it, without that package's runtime (its context and inserted styles): the sign-in form draws without antd
 * (issue 52 item 11). Decorative: the field's label or the button's text names it.
 */
export function LoginIcon({ icon, spin = false }: { icon: IconDefinition; spin?: boolean }) {
  const svg = icon.icon as IconNode;
  return (
    <span className={spin ? 'cf-login-icon cf-login-icon--spin' : 'cf-login-icon'} aria-hidden="true">
      <svg {...svg.attrs} width="1em" height="1em" fill="currentColor" aria-hidden="true" data-icon={icon.name}>
        {svg.children?.map((child, index) => <path key={index} {...child.attrs} />)}
      </svg>
    </span>
  );
}
