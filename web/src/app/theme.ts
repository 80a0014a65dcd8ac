import type { ThemeConfig } from 'antd';

/** api-spec.md 9: the default theme colour is #017465. */
export const BRAND_COLOR = '#017465';

export const theme: ThemeConfig = {
  token: { colorPrimary: BRAND_COLOR, borderRadius: 6 },
  components: {
    Layout: { siderBg: '#0b2a2a', headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 },
    Menu: { darkItemBg: '#0b2a2a', darkSubMenuItemBg: '#071f1f', darkItemSelectedBg: BRAND_COLOR, itemMarginInline: 6 },
  },
};
