import { Logo } from '@/components/logo';
import { COLOUR, DARK_INK, headerInk } from '@/lib/contrast';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  primary: string;
  header: string;
  logo: string | null;
}

/**
 * The brand as it will look before it is saved: the header bar with the logo and name, a primary button and a link,
 * and the sign-in card on its backdrop. Drawn from the form's values (a colour not yet #rrggbb keeps the last one).
 */
export function BrandPreview({ name, primary, header, logo }: Props) {
  const { t } = useTranslation();
  const base = COLOUR.test(primary) ? primary : '#017465';
  const band = COLOUR.test(header) ? header : '#ffffff';
  const ink = headerInk(band);
  const mark = logo ? <img className="brand-preview__logo" src={logo} alt="" /> : <Logo size={24} />;
  return (
    <div className="brand-preview" data-testid="brand-preview">
      <div className="brand-preview__console">
        <div className="brand-preview__header" style={{ background: band, color: ink }}>
          {mark}
          <span className="brand-preview__name" data-testid="brand-preview-name">{name}</span>
          <span className="brand-preview__page">{t('brand.previewPage')}</span>
        </div>
        <div className="brand-preview__body">
          <span className="brand-preview__button" style={{ background: base }}>{t('brand.previewSave')}</span>
          <span className="brand-preview__link" style={{ color: base }}>{t('brand.previewLink')}</span>
        </div>
      </div>
      <div className="brand-preview__sign-in" style={{ background: band }}>
        <div className="brand-preview__card" style={{ color: DARK_INK }}>
          {mark}
          <span className="brand-preview__title">{t('login.titleOf', { name })}</span>
          <span className="brand-preview__button" style={{ background: base }}>{t('brand.previewSignIn')}</span>
        </div>
      </div>
    </div>
  );
}
