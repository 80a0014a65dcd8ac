import type { ThemeConfig } from 'antd';

/** api-spec.md 9: the default theme colour is #017465. */
export const BRAND_COLOR = '#017465';

export const theme: ThemeConfig = {
  // antd's component styles come from its built style sheet (antd/dist/antd.css, imported by
  // providers.tsx) instead of being generated while each component first draws: the generation was
  // about a fifth of drawing the console after sign-in (issue 18 item 9). The theme's colours still
  // apply: the sheet reads them from CSS variables, which antd keeps setting from these tokens.
  zeroRuntime: true,
  // the built sheet's selectors carry no hash class
  hashed: false,
  token: {
    colorPrimary: BRAND_COLOR,
    borderRadius: 6,
    // Secondary text (statistic titles, descriptions, table sorters' hints, empty states) and placeholders
    // at WCAG AA contrast (4.5:1) on white and on antd's light grey fills: antd's defaults, 45 % and 25 %
    // black, give 2.8:1 and 1.6:1 (issue 30). Disabled text (colorTextQuaternary) is exempt and stays.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // links: antd's blue-7 instead of blue-6 (#1677ff is 4.1:1 on white)
    colorLink: '#0958d9',
    // and under the pointer (a link button whose question is open): antd derives lighter hovers, 2.7:1 for the
    // link's and 4.3:1 for the danger's on a table row's hover grey; blue-8 and red-8 keep 4.5:1 (issue 30)
    colorLinkHover: '#003eb3',
    // danger buttons and error texts: antd's red-7 (#ff4d4f is 3.3:1 on white, and under white text)
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
  },
  components: {
    Layout: { siderBg: '#0b2a2a', headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 },
    // darkItemColor: a solid light grey at 4.5:1 or more on every background an item passes through, the
    // selected teal included. antd's 65 % white is 3.3:1 on the teal, which axe caught while an item's colour and
    // background were mid-transition after a click (issue 30).
    Menu: { darkItemBg: '#0b2a2a', darkSubMenuItemBg: '#071f1f', darkItemSelectedBg: BRAND_COLOR, darkItemColor: '#e6eaea', itemMarginInline: 6 },
  },
};

/**
 * The theme for someone whose system asks for less motion (src/lib/reduced-motion.ts): antd's opening, closing and
 * sliding animations off, so dialogs, menus, pop-ups, field messages and toasts appear and go at once. `primary`:
 * the brand's primary colour (src/lib/brand.ts; the server let it through only at 4.5:1 or more with white text),
 * for antd's primary parts and the side menu's selected item.
 */
export function themeFor(reducedMotion: boolean, primary: string = BRAND_COLOR): ThemeConfig {
  const branded: ThemeConfig =
    primary === BRAND_COLOR
      ? theme
      : {
          ...theme,
          token: { ...theme.token, colorPrimary: primary },
          components: { ...theme.components, Menu: { ...theme.components?.Menu, darkItemSelectedBg: primary } },
        };
  return reducedMotion ? { ...branded, token: { ...branded.token, motion: false } } : branded;
}
