/**
 * The focus goes back to a dialog's opener when the dialog closes (issue 30, WCAG 2.4.3 focus order).
 *
 * antd's modals return the focus themselves when closed through `open={false}`, but most of the console's
 * dialogs are mounted only while open (`{dialog && <XModal open onClose={...} />}`): unmounted at once, they
 * take the focused element with them and the focus falls to the page's body, so a keyboard user starts again at
 * the top of the page. This watcher remembers the last element focused outside any dialog and, when the focus is
 * lost to the body while it was inside a dialog and no dialog is left open, puts it back there. An opener that
 * left the page too (an entry of a closed drop-down menu) is not replaced by a guess.
 */
const DIALOG = '[role="dialog"], [role="alertdialog"], .ant-modal-wrap, .ant-drawer';

function dialogStillOpen(doc: Document): boolean {
  return [...doc.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].some((element) => element.getClientRects().length > 0);
}

export function returnFocusAfterDialogs(doc: Document = document): () => void {
  let opener: HTMLElement | null = null;
  let inDialog = false;
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    inDialog = target.closest(DIALOG) !== null;
    if (!inDialog) opener = target;
  };
  const observer = new MutationObserver(() => {
    if (!inDialog || (doc.activeElement && doc.activeElement !== doc.body)) return;
    if (dialogStillOpen(doc)) return;
    inDialog = false;
    if (opener?.isConnected) opener.focus({ preventScroll: true });
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
