import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_REFERENCE_URL, ApiReferenceLink, openApiReference } from './api-reference-link';
import { readIn } from '@/test/i18n';

/** Issue 35 item 4: the server's own API reference page, in a new tab, named in the user's language. */
describe('ApiReferenceLink', () => {
  afterEach(() => vi.restoreAllMocks());

  it('links to the server’s reference page in a new tab, without handing it the console as opener', async () => {
    await readIn('en');
    render(<ApiReferenceLink />);
    const link = screen.getByRole('link', { name: 'API reference' });
    expect(link).toHaveAttribute('href', '/api/integration/reference');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('is named in the user’s language', async () => {
    await readIn('zh-CN');
    render(<ApiReferenceLink testId="ref" />);
    expect(screen.getByTestId('ref')).toHaveTextContent('API 参考文档');
  });

  it('opens the page from a menu entry without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openApiReference();
    expect(open).toHaveBeenCalledWith(API_REFERENCE_URL, '_blank', 'noopener,noreferrer');
  });
});
