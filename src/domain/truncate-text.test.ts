import { describe, expect, it } from 'vitest';
import { CARD_DESCRIPTION_MAX_CHARS } from './service';
import { truncateText } from './truncate-text';

describe('truncateText', () => {
  it('cuts a long description at 120 characters and adds an ellipsis', () => {
    const text = 'a'.repeat(130);
    const cut = truncateText(text, CARD_DESCRIPTION_MAX_CHARS);
    expect(cut).toBe(`${'a'.repeat(120)}...`);
  });

  it('leaves a description of 120 characters or fewer as it is', () => {
    expect(truncateText('b'.repeat(120), CARD_DESCRIPTION_MAX_CHARS)).toBe('b'.repeat(120));
    expect(truncateText('Short text', CARD_DESCRIPTION_MAX_CHARS)).toBe('Short text');
  });

  it('counts characters, not UTF-16 units, so Bangla and emoji are not split', () => {
    const text = '😀'.repeat(121);
    expect(truncateText(text, CARD_DESCRIPTION_MAX_CHARS)).toBe(`${'😀'.repeat(120)}...`);
  });
});
