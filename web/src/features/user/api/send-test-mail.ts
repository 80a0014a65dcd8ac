import { useMutation } from '@tanstack/react-query';
import { post } from '@/api/client';

/** Send a test mail through the server's SMTP settings to every saved mailbox of the user. */
export function sendTestMail(userId: number | null) {
  return post('/api/user/testMail', userId === null ? {} : { userId });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail });
}
