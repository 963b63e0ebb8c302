// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY, inAppDataSaver, mirrorDataSaverCookie, savingData, setInAppDataSaver } from './data-saver';

describe('Basha’s own data saver, told to the server', () => {
  afterEach(() => {
    setInAppDataSaver(false);
    localStorage.clear();
  });

  it('keeps the switch in localStorage and in the cookie the server reads, and clears both', () => {
    setInAppDataSaver(true);
    expect(document.cookie).toContain('basha-data-saver=on');
    expect(localStorage.getItem(DATA_SAVER_KEY)).toBe('on');
    expect(inAppDataSaver()).toBe(true);
    expect(savingData()).toBe(true);
    setInAppDataSaver(false);
    expect(document.cookie).not.toContain('basha-data-saver');
    expect(inAppDataSaver()).toBe(false);
  });

  it('writes the cookie for a switch turned on before the cookie existed', () => {
    localStorage.setItem(DATA_SAVER_KEY, 'on');
    expect(document.cookie).not.toContain('basha-data-saver');
    mirrorDataSaverCookie(inAppDataSaver());
    expect(document.cookie).toContain('basha-data-saver=on');
  });
});
