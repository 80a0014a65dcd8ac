import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { brandFormData } from './api/brands';
import { ColourField } from './components/colour-field';
import en from './locales/en';
import zh from './locales/zh-CN';

function Colours() {
  return (
    <Form initialValues={{ primaryColor: '#1d3557', headerColor: '#f1faee' }}>
      <ColourField kind="primaryColor" disabled={false} />
      <ColourField kind="headerColor" disabled={false} />
    </Form>
  );
}

describe('the brand form', () => {
  beforeAll(async () => {
    i18n.addResourceBundle('en', 'translation', { brand: en }, true, true);
    i18n.addResourceBundle('zh-CN', 'translation', { brand: zh }, true, true);
    await i18n.changeLanguage('en');
  });

  it('says the contrast of each colour while one types it', { timeout: 20_000 }, async () => {
    render(<Colours />);
    expect(await screen.findByText('White text on it: 12.35:1, meets WCAG AA.')).toBeInTheDocument();
    expect(screen.getByTestId('brand-ratio-headerColor')).toHaveTextContent(/^Dark text on it: .*meets WCAG AA\.$/);
    fireEvent.change(screen.getByTestId('brand-primaryColor'), { target: { value: '#7fd3c6' } });
    expect(await screen.findByText('White text on it: only 1.74:1, below 4.5:1: choose a darker colour.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('brand-headerColor'), { target: { value: '#7f7f7f' } });
    // the element is there already with the old colour's words: wait for the new ones (a loaded machine lags)
    await waitFor(() => expect(screen.getByTestId('brand-ratio-headerColor')).toHaveTextContent(/^Best text on it: only 4\.\d\d:1, below 4\.5:1/));
    fireEvent.change(screen.getByTestId('brand-headerColor'), { target: { value: '#7f7f' } });
    expect(await screen.findByText('Write the colour as #rrggbb.', { selector: 'span' })).toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<Colours />);
    expect(await screen.findByText('白色文字：12.35:1，符合 WCAG AA。')).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('sends the host names one by one and a file only when one was chosen', () => {
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const form = brandFormData({
      productName: 'Harbour Clean', primaryColor: '#1d3557', headerColor: '#1d3557', footerText: '', mailSenderName: '',
      mailReplyTo: '', customersMayBrand: false, removeLogo: false, removeIcon: true, hostNames: ['a.example.com', 'b.example.com'],
      logo, icon: null, userId: 7,
    });
    expect(form.getAll('hostNames')).toEqual(['a.example.com', 'b.example.com']);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(form.has('icon')).toBe(false);
    expect([form.get('removeIcon'), form.get('userId')]).toEqual(['true', '7']);
  });
});
