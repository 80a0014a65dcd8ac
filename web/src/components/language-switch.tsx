import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';

interface Props {
  /** Called after the language is shown and kept in the cookie. */
  onChanged?(language: Language): void;
  /** Show the language's name next to the globe. */
  showName?: boolean;
  className?: string;
  /** Open the menu at once (the sign-in page's stand-in was pressed before this switch arrived). */
  defaultOpen?: boolean;
}

/** The nine-language switch of the header and the login page. */
export function LanguageSwitch({ onChanged, showName = true, className, defaultOpen = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguageStore((s) => s.language);
  const apply = useLanguageStore((s) => s.apply);
  const [open, setOpen] = useState(defaultOpen);

  const choose = async (key: string) => {
    if (!isLanguage(key) || key === language) return;
    await apply(key, true);
    onChanged?.(key);
  };

  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((code) => ({ key: code, label: t(`languages.${code}`), lang: code })),
        onClick: ({ key }) => void choose(key),
      }}
    >
      {/* named by its text, not an aria-label: the shown language's name is part of the name (WCAG 2.5.3, issue 48 item 18) */}
      <Button type="text" icon={<GlobalOutlined />} className={className} data-testid="language-switch">
        <span className="cf-visually-hidden">{t('layout.language')}</span>
        {showName ? <span className="cf-language-switch__name">{t(`languages.${language}`)}</span> : null}
      </Button>
    </Dropdown>
  );
}
