import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../locales/ar';
import de from '../locales/de';
import en from '../locales/en';
import es from '../locales/es';
import fr from '../locales/fr';
import ja from '../locales/ja';
import ko from '../locales/ko';
import nl from '../locales/nl';
import zhCN from '../locales/zh-CN';
import { SIGNATURE_REASONS, shortKey, signatureState, updateReason } from './signature';

const t = ((key: string) => key) as unknown as TFunction;

describe('signatures in the firmware list', () => {
  it('tells signed, unsigned allowed for older robots, and unsigned apart', () => {
    expect(signatureState({ signed: true, allowUnsigned: false })).toBe('signed');
    expect(signatureState({ signed: true, allowUnsigned: true })).toBe('signed');
    expect(signatureState({ signed: false, allowUnsigned: true })).toBe('unsignedAllowed');
    expect(signatureState({ signed: false, allowUnsigned: false })).toBe('unsigned');
    expect(shortKey('0123456789abcdef0123')).toBe('0123456789ab');
  });

  it("translates a signature refusal and keeps any other reason in the robot's words", () => {
    expect(updateReason(t, 'tuf_rollback')).toBe('version.signature.reasons.tuf_rollback');
    expect(updateReason(t, 'checksum mismatch')).toBe('checksum mismatch');
  });

  it('says every signature refusal, distinctly, in each of the nine languages', () => {
    for (const texts of [en, zhCN, fr, ko, de, nl, ja, es, ar]) {
      const sentences = SIGNATURE_REASONS.map((reason) => texts.signature.reasons[reason]);
      for (const sentence of sentences) expect(sentence.length).toBeGreaterThan(5);
      expect(new Set(sentences).size).toBe(SIGNATURE_REASONS.length);
    }
  });
});
