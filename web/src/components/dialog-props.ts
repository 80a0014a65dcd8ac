/** What a dialog opened from elsewhere (the user menu) is given: whether it shows, and how to close it. */
export interface DialogProps {
  open: boolean;
  onClose(): void;
}
