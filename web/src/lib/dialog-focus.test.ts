// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { returnFocusAfterDialogs } from './dialog-focus';

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('returnFocusAfterDialogs', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = '<button id="opener">Add user</button>';
    stop = returnFocusAfterDialogs(document);
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.innerHTML = '<input id="name" />';
    document.body.append(dialog);
    (document.getElementById('name') as HTMLInputElement).focus();
    return { opener, dialog };
  }

  it('puts the focus back on the opener when a dialog leaves the page with the focus in it', async () => {
    const { opener, dialog } = page();
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('leaves the focus where it went when it had left the dialog before', async () => {
    const { dialog } = page();
    const other = document.body.appendChild(document.createElement('input'));
    other.focus();
    dialog.remove();
    await settle();
    expect(document.activeElement).toBe(other);
  });
});
