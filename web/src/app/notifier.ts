/**
 * Toasts for code outside React (the API client). The antd message API comes from <App>, so the
 * toasts follow the theme, the language and the direction; <NotifierBridge> hands it over.
 */
import type { MessageInstance } from 'antd/es/message/interface';

let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function notifyError(text: string, seconds: number): void {
  // The key folds identical failures (several calls failing together) into one toast.
  if (messageApi) void messageApi.open({ type: 'error', content: text, duration: seconds, key: text });
  else console.error(text);
}
