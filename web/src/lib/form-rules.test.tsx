import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n/instance';
import { loadMessages } from '@/i18n/load';
import { choose, email, emailList, enter, maxChars } from './form-rules';

/** antd renders slowly in jsdom on a busy machine. */
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

beforeAll(async () => {
  for (const language of ['en', 'de'] as const) {
    i18n.addResourceBundle(language, 'translation', await loadMessages(language), true, true);
  }
});

/** A form as the dialogs build it: a text field, a drop-down and an address list. */
function Sample() {
  const { t } = useTranslation();
  const name = 'Login name';
  const model = 'Device model';
  return (
    <Form onFinish={() => undefined}>
      <Form.Item name="name" label={name} rules={[enter(t, name), maxChars(t, 5)]}>
        <Input data-testid="name" />
      </Form.Item>
      <Form.Item name="model" label={model} rules={[choose(t, model)]}>
        <Select options={[{ value: 1, label: 'S1' }]} />
      </Form.Item>
      <Form.Item name="mail" label="E-mail" rules={[emailList(t)]}>
        <Input data-testid="mail" />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('the shared form messages', () => {
  it('ask to fill in a text field and to choose from a drop-down, each a sentence of its own', async () => {
    await i18n.changeLanguage('en');
    render(<Sample />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fill in this field.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Choose an option.')).toBeInTheDocument();
    expect(screen.queryByText(/login name|Login name\./)).toBeNull(); // the label stays the label's
  }, TEST_TIMEOUT);

  it('refuse a wrong address by its position, without repeating what was typed', async () => {
    await i18n.changeLanguage('en');
    render(<Sample />);
    const typed = 'ops@harbour.example.com, not-an-address-but-a-very-long-piece-of-text';
    fireEvent.change(screen.getByTestId('mail'), { target: { value: typed } });
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'toolongname' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Address number 2 is not a valid e-mail address.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/not-an-address/)).toBeNull();
    expect(screen.getByText('At most 5 characters.')).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('read the same in German, without quoting the label inside the sentence', async () => {
    await i18n.changeLanguage('de');
    render(<Sample />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Füllen Sie dieses Feld aus.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Treffen Sie eine Auswahl.')).toBeInTheDocument();
    expect(screen.queryByText(/„/)).toBeNull();
    await i18n.changeLanguage('en');
  }, TEST_TIMEOUT);

  it('take a filled number field as filled and a blank text as empty', async () => {
    await i18n.changeLanguage('en');
    const saved: unknown[] = [];
    function Numbers() {
      const { t } = useTranslation();
      return (
        <Form initialValues={{ area: 450, note: '   ' }} onFinish={(values) => saved.push(values)}>
          <Form.Item name="area" label="Cleaned area" rules={[enter(t, 'Cleaned area')]}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="note" label="Note" rules={[enter(t, 'Note')]}>
            <Input />
          </Form.Item>
          <Button htmlType="submit">Save</Button>
        </Form>
      );
    }
    render(<Numbers />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Fill in this field.', {}, SLOW)).toHaveLength(1); // the note's, not the area's
    expect(saved).toEqual([]);
  }, TEST_TIMEOUT);


  it('check one address with the same rule as the server', async () => {
    const t = i18n.getFixedT('en') as TFunction;
    const rule = email(t) as { pattern: RegExp; message: string };
    expect(rule.pattern.test('a@b.co')).toBe(true);
    expect(rule.pattern.test('a@b')).toBe(false);
    expect(rule.message).toBe('This is not a valid e-mail address.');
  });
});
