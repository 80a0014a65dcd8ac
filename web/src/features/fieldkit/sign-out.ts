/**
 * Signing out forgets this person's snapshot on this browser (a phone is often shared on site: the next person must
 * not read the branch's sites, robots and incidents offline). Actions still waiting stay: they are sent at this
 * person's next sign-in here (never as someone else: each is kept with its person's id). Never throws.
 */
import { forgetSnapshot } from './lib/store';

export async function forgetFieldSnapshot(userId: number): Promise<void> {
  await forgetSnapshot(userId).catch(() => undefined);
}
