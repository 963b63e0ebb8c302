import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTER_MESSAGE, labelText, nameText } from './fields';

const name = nameText('Full name is required', 60);
const label = labelText('Subject is required', 60);
const messageOf = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;

describe('a name', () => {
  it('keeps an ordinary name in English or Bangla', () => {
    expect(v.parse(name, '  Ayesha Rahman ')).toBe('Ayesha Rahman');
    expect(v.parse(name, 'আয়েশা রহমান')).toBe('আয়েশা রহমান');
  });

  it('keeps the joiners that Bangla spellings need between letters', () => {
    expect(v.parse(name, 'র\u200d্যাব')).toBe('র\u200d্যাব');
  });

  it('refuses a name made only of zero-width characters', () => {
    expect(messageOf(name, '\u200b\u200b')).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(messageOf(name, '\u200d\u200c')).toBe('Full name is required');
    expect(messageOf(name, '\ufeff')).toBe('Full name is required'); // trimmed away like a space
  });

  it('refuses bidi overrides and isolates that reorder how a name reads', () => {
    expect(messageOf(name, 'Basha \u202eTroppus')).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(messageOf(name, 'Karim \u2066Uddin\u2069')).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(messageOf(name, 'Nusrat\u200fJahan')).toBe(HIDDEN_CHARACTER_MESSAGE);
  });

  it('refuses a name without any letter', () => {
    expect(messageOf(name, '12345')).toBe('Full name is required');
  });
});

describe('a label', () => {
  it('keeps a subject with digits and refuses hidden characters', () => {
    expect(v.parse(label, 'Flat 4B is taken')).toBe('Flat 4B is taken');
    expect(messageOf(label, 'Re\u00adfund')).toBe(HIDDEN_CHARACTER_MESSAGE);
    expect(messageOf(label, '...')).toBe('Subject is required');
  });
});
