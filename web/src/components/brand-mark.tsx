import { useBrandStore } from '@/lib/brand';
import { Logo } from './logo';

/**
 * The brand's mark (src/lib/brand.ts): its logo, or, where only a square fits (`square`: the folded side menu), its
 * icon; the product's own mark when the brand has none. Decorative: the product name beside it (or the link around
 * it) names it.
 */
export function BrandMark({ size = 28, square = false }: { size?: number; square?: boolean }) {
  const brand = useBrandStore((s) => (s.brand?.custom ? s.brand : null));
  const src = square ? (brand?.iconUrl ?? brand?.logoUrl) : brand?.logoUrl;
  if (!src) return <Logo size={size} />;
  return (
    <img
      className={square ? 'cf-brand-mark cf-brand-mark--square' : 'cf-brand-mark'}
      src={src}
      alt=""
      height={size}
      style={{ height: size, maxWidth: square ? size : size * 4 }}
      data-testid="brand-logo"
    />
  );
}
