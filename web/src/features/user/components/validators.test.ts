import { describe, expect, it } from 'vitest';
import { badMailbox, emailEntries, imageProblem, isAccount, isPassword, isPhone, MAX_IMAGE_BYTES, normaliseEmails } from './validators';

describe('login name (product-spec 5: English letters or digits only)', () => {
  it.each(['dealer7', 'ABC', '123', 'a1B2'])('accepts %s', (value) => expect(isAccount(value)).toBe(true));
  it.each(['', 'dealer 7', 'dealer_7', 'dealer-7', 'déaler', '经销商', 'a@b'])('refuses %j', (value) => expect(isAccount(value)).toBe(false));
});

describe('phone (11 digits, empty allowed)', () => {
  it.each(['', '   ', '13800000001', ' 13800000001 '])('accepts %j', (value) => expect(isPhone(value)).toBe(true));
  it.each(['1380000000', '138000000012', '1380000000a', '+8613800000', '138 0000 0001'])('refuses %j', (value) => expect(isPhone(value)).toBe(false));
});

describe('e-mail list (comma-separated; each with a domain ending of 1 to 6 letters)', () => {
  it('lets an empty list pass', () => {
    expect(badMailbox('')).toBeNull();
    expect(badMailbox(' , ')).toBeNull();
  });

  it('accepts one or several mailboxes', () => {
    expect(badMailbox('ops@harbour-cleaning.example.com')).toBeNull();
    expect(badMailbox('a@b.co, c.d+e@mail.example.museum')).toBeNull();
    expect(badMailbox('x@y.z')).toBeNull();
  });

  it('names the first wrong entry', () => {
    expect(badMailbox('a@b.com, nobody, c@d')).toBe('nobody');
    expect(badMailbox('a@b')).toBe('a@b');
    expect(badMailbox('a@b.abcdefg')).toBe('a@b.abcdefg');
    expect(badMailbox('ops@harbour-cleaning.example')).toBe('ops@harbour-cleaning.example');
    expect(badMailbox('a@b.c0m')).toBe('a@b.c0m');
    expect(badMailbox('a b@c.com')).toBe('a b@c.com');
  });

  it('is stored trimmed and joined by commas', () => {
    expect(emailEntries(' a@b.com ,, c@d.org ')).toEqual(['a@b.com', 'c@d.org']);
    expect(normaliseEmails(' a@b.com ,, c@d.org ')).toBe('a@b.com,c@d.org');
  });
});

describe('password (as the server checks it: 8+, a letter and a digit)', () => {
  it.each(['Secret123', 'abcdefg1', '1234567a'])('accepts %s', (value) => expect(isPassword(value)).toBe(true));
  it.each(['Short1', 'abcdefgh', '12345678', ''])('refuses %j', (value) => expect(isPassword(value)).toBe(false));
});

describe('images (at most 2 MB; PNG, JPEG, GIF or WebP)', () => {
  it('accepts a small picture and exactly 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 10_000 })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBeNull();
  });

  it('refuses a 3 MB picture and other files', () => {
    expect(imageProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe('tooLarge');
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('tooLarge');
    expect(imageProblem({ type: 'image/svg+xml', size: 100 })).toBe('notImage');
    expect(imageProblem({ type: 'application/pdf', size: 100 })).toBe('notImage');
  });
});
