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
  token: { colorPrimary: BRAND_COLOR, borderRadius: 6 },
  components: {
    Layout: { siderBg: '#0b2a2a', headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 },
    Menu: { darkItemBg: '#0b2a2a', darkSubMenuItemBg: '#071f1f', darkItemSelectedBg: BRAND_COLOR, itemMarginInline: 6 },
  },
};
