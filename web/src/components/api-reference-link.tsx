import { useTranslation } from 'react-i18next';

/**
 * The API reference page the server serves itself, offline (backend/cleanfleet/interop/reference.py): Swagger UI
 * over /api/openapi.json, webhooks included. Opened in a new tab: it is a page of the server, not of the console.
 * The user menu offers it to users who manage integrations (API tokens or webhooks); an integrations page can
 * show `ApiReferenceLink` too.
 */
export const API_REFERENCE_URL = '/api/integration/reference';

/** Opens the reference in a new tab (from a menu entry, by mouse or keyboard). */
export function openApiReference(): void {
  window.open(API_REFERENCE_URL, '_blank', 'noopener,noreferrer');
}

/** A link to the reference, opening in a new tab. */
export function ApiReferenceLink({ testId = 'api-reference-link' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <a href={API_REFERENCE_URL} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {t('userMenu.apiReference')}
    </a>
  );
}
