/**
 * Toasts for code outside React (the API client), through antd's message hook (feedback.tsx), so
 * the toasts follow the theme, the language and the direction. A toast asked for before the hooks
 * have loaded shows once they have.
 */
import { withFeedback, withNextFeedback } from './feedback';

export function notifyError(text: string, seconds: number): void {
  // The key folds identical failures (several calls failing together) into one toast.
  withFeedback(({ message }) => void message.open({ type: 'error', content: text, duration: seconds, key: text }));
}

/** A toast for the page that comes next (the sign-in page after the session ended): see `withNextFeedback`. */
export function notifyErrorOnNextPage(text: string, seconds: number): void {
  withNextFeedback(({ message }) => void message.open({ type: 'error', content: text, duration: seconds, key: text }));
}
