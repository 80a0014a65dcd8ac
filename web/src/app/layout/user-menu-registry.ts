/**
 * User-menu entries whose screens come with later features (users issue): edit profile,
 * change password, change avatar and pad customisation. A feature registers its dialog here;
 * an entry shows only once it is registered, so the menu never offers a dead item. `withTexts`
 * brings the feature's texts with the dialog's chunk.
 * "Messages" needs no registration: it shows when the message centre page is open to the user.
 */
import type { ComponentType } from 'react';
import type { DialogProps } from '@/components/dialog-props';
import { withTexts } from '@/i18n/load';

export type UserDialogId = 'editData' | 'editPassword' | 'editAvatar' | 'padCustomisation' | 'pushDevices';

export type UserDialogLoader = () => Promise<{ default: ComponentType<DialogProps> }>;

export const userDialogs: Partial<Record<UserDialogId, UserDialogLoader>> = {
  editData: withTexts(() => import('@/features/user/dialogs/edit-data-dialog'), 'user'),
  editPassword: withTexts(() => import('@/features/user/dialogs/edit-password-dialog'), 'user'),
  editAvatar: withTexts(() => import('@/features/user/dialogs/edit-avatar-dialog'), 'user'),
  padCustomisation: withTexts(() => import('@/features/user/dialogs/pad-customisation-dialog'), 'user'),
  // this browser's and the user's other browsers' push notifications (issue 32 item 4)
  pushDevices: withTexts(() => import('@/features/push/push-dialog'), 'push'),
};

/** Dialog ids in menu order. */
export const USER_DIALOG_ORDER: readonly UserDialogId[] = ['editData', 'editPassword', 'editAvatar', 'padCustomisation', 'pushDevices'];

/** product-spec.md 2: pad customisation is offered only to dealers (levelDepth 2). */
export function dialogVisible(id: UserDialogId, levelDepth: number): boolean {
  return userDialogs[id] !== undefined && (id !== 'padCustomisation' || levelDepth === 2);
}
