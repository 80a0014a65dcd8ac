/**
 * Toasts for code outside React (the API client), through antd's message hook (feedback.tsx), so
 * the toasts follow the theme, the language and the direction. A toast asked for before the hooks
 * have loaded shows once they have.
 */
import { withFeedback } from './feedback';

export function notifyError(text: string, seconds: number): void {
  // The key folds identical failures (several calls failing together) into one toast.
  withFeedback(({ message }) => void message.open({ type: 'error', content: text, duration: seconds, key: text }));
}
