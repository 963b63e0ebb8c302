import { describe, expect, it } from 'vitest';
import { groupsToCache, isAppFilePath, isOutboxWorkerScope, mayLoadDecoration } from './worker-caching';

describe('what the service worker keeps beyond its shell', () => {
  const visitor = { signedInPhone: false };
  const member = { signedInPhone: true };

  it('keeps nothing optional for a visitor while the phone saves data', () => {
    expect(groupsToCache({ ...visitor, saveData: true, type: 'wifi' })).toEqual([]);
  });

  it('keeps the pages a visitor opens next, and the rest only on Wi-Fi or a cable', () => {
    expect(groupsToCache({ ...visitor, saveData: false, type: 'cellular' })).toEqual(['next']);
    expect(groupsToCache({ ...visitor, saveData: false, type: undefined })).toEqual(['next']);
    expect(groupsToCache({ ...visitor, saveData: false, type: 'wifi' })).toEqual(['next', 'member', 'later']);
    expect(groupsToCache({ ...visitor, saveData: false, type: 'ethernet' })).toEqual(['next', 'member', 'later']);
  });

  it('keeps the app’s code on a phone where someone signed in on any connection, saving data or not', () => {
    expect(groupsToCache({ ...member, saveData: true, type: 'cellular' })).toEqual(['member']);
    expect(groupsToCache({ ...member, saveData: true, type: 'wifi' })).toEqual(['member']);
    expect(groupsToCache({ ...member, saveData: false, type: 'cellular' })).toEqual(['next', 'member']);
    expect(groupsToCache({ ...member, saveData: false, type: undefined })).toEqual(['next', 'member']);
    expect(groupsToCache({ ...member, saveData: false, type: 'wifi' })).toEqual(['next', 'member', 'later']);
  });

  it('lets decoration download except while saving data, and on mobile data only once the app’s code is on the phone', () => {
    const phone = { saveData: false, handheld: true, appCodeOnPhone: false };
    expect(mayLoadDecoration({ ...phone, type: 'wifi' })).toBe(true);
    expect(mayLoadDecoration({ ...phone, type: 'cellular' })).toBe(false);
    expect(mayLoadDecoration({ ...phone, type: undefined })).toBe(false);
    expect(mayLoadDecoration({ ...phone, type: 'cellular', appCodeOnPhone: true })).toBe(true);
    expect(mayLoadDecoration({ ...phone, type: undefined, appCodeOnPhone: true })).toBe(true);
    expect(mayLoadDecoration({ ...phone, type: 'wifi', saveData: true, appCodeOnPhone: true })).toBe(false);
    // A desktop that does not say how it is connected is taken as unmetered.
    expect(mayLoadDecoration({ ...phone, type: undefined, handheld: false })).toBe(true);
    expect(mayLoadDecoration({ ...phone, type: 'cellular', handheld: false })).toBe(false);
  });

  it('caches the build’s files for the page, never the API, uploads or the sign-in proxy', () => {
    expect(isAppFilePath('/assets/index-abc.js')).toBe(true);
    expect(isAppFilePath('/images/landing/hero-480.webp')).toBe(true);
    expect(isAppFilePath('/api/v1/rent/rent-posts')).toBe(false);
    // The live event stream goes to the network as the page asked for it: never cached, never queued.
    expect(isAppFilePath('/api/v1/events')).toBe(false);
    expect(isAppFilePath('/uploads/rent/x.webp')).toBe(false);
    expect(isAppFilePath('/identitytoolkit.googleapis.com/v1/accounts')).toBe(false);
  });

  it('tells the outbox worker’s scope from the app’s, which also matches its URL', () => {
    expect(isOutboxWorkerScope('https://basha.app/__basha/outbox-worker/')).toBe(true);
    expect(isOutboxWorkerScope('https://basha.app/')).toBe(false);
    expect(isOutboxWorkerScope('https://basha.app/__basha/')).toBe(false);
  });
});
