import { DesktopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What a desktop-only screen (the role editor, the version administration, the map editor) shows on a phone
 * (issue 32): it needs a wider screen, and a way on. `onBack` replaces the link home with Close (a dialog
 * closes instead).
 */
export function WiderScreenNotice({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="cf-wider-screen" data-testid="wider-screen" aria-labelledby="cf-wider-screen-title">
      <DesktopOutlined className="cf-wider-screen__icon" aria-hidden />
      <h2 id="cf-wider-screen-title">{t('layout.widerScreen')}</h2>
      <p>{t('layout.widerScreenHint')}</p>
      {onBack ? (
        <Button type="primary" onClick={onBack}>
          {t('tabs.close')}
        </Button>
      ) : (
        <Link to="/index">
          <Button type="primary" tabIndex={-1}>
            {t('layout.backHome')}
          </Button>
        </Link>
      )}
    </section>
  );
}
