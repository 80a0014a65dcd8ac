/**
 * The brand the console draws with (issue 53 item 4; docs/domains/branding.md): the product name, logo, colours and
 * icons of the nearest brand up the signed-in person's branch, or of the host before sign-in. Kept in
 * localStorage so a reload draws it at once; the page's favicon, theme colour and header colours follow it
 * (`applyBrand`), the antd theme takes its primary colour (app/providers.tsx), the layout its logo and name.
 */
import { create } from 'zustand';
import { currentBrand, hostBrand, type PublicBrand } from '@/api/brand/brand';
import { DARK_INK, LIGHT_INK } from './contrast';
import { readStored, writeStored } from './storage';

export type { PublicBrand } from '@/api/brand/brand';

const STORED = 'brand';
const DEFAULT_FAVICON = { href: '/favicon.svg', type: 'image/svg+xml' };
const DEFAULT_TOUCH_ICON = '/apple-touch-icon-180x180.png';
export const DEFAULT_THEME_COLOUR = '#017465';

interface BrandState {
  brand: PublicBrand | null;
  /** The host's brand has been asked (answered or not): the sign-in card waits for it briefly. */
  known: boolean;
  setBrand(brand: PublicBrand | null): void;
}

function stored(): PublicBrand | null {
  const found = readStored<PublicBrand>(STORED);
  return found && typeof found === 'object' && typeof found.primaryColor === 'string' ? found : null;
}

function link(rel: string): HTMLLinkElement {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  return element;
}

/** The page's own parts that follow the brand: favicon, touch icon, theme colour, header colours. */
export function applyBrand(brand: PublicBrand | null): void {
  const custom = brand?.custom ? brand : null;
  const favicon = link('icon');
  favicon.href = custom?.faviconUrl ?? DEFAULT_FAVICON.href;
  favicon.type = custom?.faviconUrl ? 'image/png' : DEFAULT_FAVICON.type;
  link('apple-touch-icon').href = custom?.iconUrl ?? DEFAULT_TOUCH_ICON;
  document.head.querySelector('meta[name="theme-color"]')?.setAttribute('content', custom?.primaryColor ?? DEFAULT_THEME_COLOUR);
  const root = document.documentElement;
  if (custom) {
    root.dataset.brand = custom.headerInk;
    root.style.setProperty('--cf-header-bg', custom.headerColor);
    root.style.setProperty('--cf-header-ink', custom.headerInk === 'light' ? LIGHT_INK : DARK_INK);
    root.style.setProperty('--cf-brand-primary', custom.primaryColor);
  } else {
    delete root.dataset.brand;
    for (const name of ['--cf-header-bg', '--cf-header-ink', '--cf-brand-primary']) root.style.removeProperty(name);
  }
}

export const useBrandStore = create<BrandState>((set) => ({
  brand: stored(),
  known: false,
  setBrand(brand) {
    writeStored(STORED, brand);
    applyBrand(brand);
    set({ brand, known: true });
  },
}));

/** The product name to show: the brand's, else the console's own (`fallback`, the translated app name). */
export function productName(brand: PublicBrand | null, fallback: string): string {
  return brand?.custom && brand.productName ? brand.productName : fallback;
}

export function useProductName(fallback: string): string {
  return productName(useBrandStore((s) => s.brand), fallback);
}

let hostAsked: Promise<void> | null = null;

/** Asks the host's brand once per page load (the sign-in page). */
export function loadHostBrand(): Promise<void> {
  hostAsked ??= hostBrand().then((brand) => {
    if (brand) useBrandStore.getState().setBrand(brand);
    else useBrandStore.setState({ known: true });
  });
  return hostAsked;
}

/** Asks the signed-in person's brand again (after sign-in, and after the brand page saved one). */
export async function refreshBrand(): Promise<void> {
  try {
    useBrandStore.getState().setBrand(await currentBrand());
  } catch {
    // keep the brand shown; the next page load asks again
  }
}

applyBrand(useBrandStore.getState().brand);
