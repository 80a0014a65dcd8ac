import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeByPath } from '@/lib/route-table';

/** e2e builds only (see fixture-pages.ts): a page with input and a tall body, to test caching. */
export default function FixturePage() {
  const { t } = useTranslation();
  const { pathname: path, search } = useLocation();
  const route = routeByPath(path);
  return (
    <div data-testid={`fixture:${path}`} data-search={search}>
      <h2>{route ? t(`routes.${route.key}`) : path}</h2>
      <Input data-testid="fixture-input" aria-label={path} />
      <div style={{ height: 3000 }} />
    </div>
  );
}
