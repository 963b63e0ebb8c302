import { describe, expect, it } from 'vitest';
import { newPhoneCodes, phoneCodeLine, phoneCodesUrl } from './phone-codes';

describe('the emulator’s sign-in codes in the start terminal', () => {
  it('names the emulator’s list of codes', () => {
    expect(phoneCodesUrl({ host: '127.0.0.1', port: 9099 }, 'demo-basha')).toBe(
      'http://127.0.0.1:9099/emulator/v1/projects/demo-basha/verificationCodes',
    );
  });

  it('prints each code once, as it is issued', () => {
    const seen = new Set<string>();
    const first = { phoneNumber: '+8801711000001', sessionInfo: 'a', code: '123456' };
    const second = { phoneNumber: '+8801711000001', sessionInfo: 'b', code: '654321' };
    expect(newPhoneCodes([first], seen)).toEqual([first]);
    expect(newPhoneCodes([first], seen)).toEqual([]);
    expect(newPhoneCodes([first, second], seen)).toEqual([second]);
    expect(phoneCodeLine(second)).toContain('SMS code for +8801711000001: 654321');
  });
});
