import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOUR, MIN_RATIO, headerInk, headerRatio, LIGHT_INK, primaryRatio, shownRatio } from '@/lib/contrast';

type Kind = 'primaryColor' | 'headerColor';

/** What the console puts on the colour, and how well it reads: said while one types (the server checks it again). */
function RatioNote({ kind, colour }: { kind: Kind; colour: string }) {
  const { t } = useTranslation();
  const value = kind === 'primaryColor' ? primaryRatio(colour) : headerRatio(colour);
  if (value === null) return <span>{t('brand.colourFormat')}</span>;
  const ratio = shownRatio(value);
  const passes = value >= MIN_RATIO;
  const white = kind === 'primaryColor' || headerInk(colour) === LIGHT_INK;
  const text = passes
    ? t(white ? 'brand.whiteOk' : 'brand.darkOk', { ratio })
    : t(kind === 'primaryColor' ? 'brand.whiteLow' : 'brand.bestLow', { ratio });
  return (
    <span className={passes ? 'brand-ratio' : 'brand-ratio brand-ratio--low'} data-testid={`brand-ratio-${kind}`}>
      {text}
    </span>
  );
}

/**
 * A brand colour: its #rrggbb text, a swatch that opens the system's colour picker, and the live contrast of the
 * text the console will put on it (WCAG AA, src/lib/contrast.ts).
 */
export function ColourField({ kind, disabled }: { kind: Kind; disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const colour = (Form.useWatch(kind, form) as string | undefined) ?? '';
  const help = kind === 'primaryColor' ? t('brand.primaryHelp') : t('brand.headerHelp');
  return (
    <Form.Item label={t(`brand.${kind}`)} required extra={<><div>{help}</div><output aria-live="polite"><RatioNote kind={kind} colour={colour} /></output></>}>
      <div className="brand-colour">
        <input
          type="color"
          className="brand-colour__swatch"
          aria-label={t(kind === 'primaryColor' ? 'brand.pickPrimary' : 'brand.pickHeader')}
          value={COLOUR.test(colour) ? colour.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => form.setFieldValue(kind, event.target.value)}
        />
        <Form.Item name={kind} noStyle rules={[{ pattern: COLOUR, message: t('brand.colourFormat') }]}>
          <Input maxLength={7} disabled={disabled} aria-label={t(`brand.${kind}`)} data-testid={`brand-${kind}`} spellCheck={false} />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
