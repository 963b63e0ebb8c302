// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ACTION_AFTER_SIGN_IN_TTL_MS, rememberForAfterSignIn, takeActionAfterSignIn } from './after-sign-in';

const save = { type: 'save', kind: 'rent', id: 'ad-1' } as const;
const isSave = (action: { type: string }) => action.type === 'save';

afterEach(() => sessionStorage.clear());

describe('an act kept for after signing in', () => {
  it('is answered once, on its own page, to the part that recognises it', () => {
    rememberForAfterSignIn('/main/view-rent/ad-1', save, 1_000);
    expect(takeActionAfterSignIn('/main/rent', isSave, 2_000)).toBeUndefined();
    expect(takeActionAfterSignIn('/main/view-rent/ad-1', (action) => action.type === 'report', 2_000)).toBeUndefined();
    expect(takeActionAfterSignIn('/main/view-rent/ad-1', isSave, 2_000)).toEqual(save);
    expect(takeActionAfterSignIn('/main/view-rent/ad-1', isSave, 2_000)).toBeUndefined();
  });

  it('goes unanswered after half an hour, and a later act replaces an earlier one', () => {
    rememberForAfterSignIn('/main/view-rent/ad-1', save, 1_000);
    expect(takeActionAfterSignIn('/main/view-rent/ad-1', isSave, 1_001 + ACTION_AFTER_SIGN_IN_TTL_MS)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);

    rememberForAfterSignIn('/main/view-rent/ad-1', save, 1_000);
    const report = { type: 'report', kind: 'rent', targetId: 'ad-2' } as const;
    rememberForAfterSignIn('/main/view-rent/ad-2', report, 1_500);
    expect(takeActionAfterSignIn('/main/view-rent/ad-1', isSave, 2_000)).toBeUndefined();
    expect(takeActionAfterSignIn('/main/view-rent/ad-2', () => true, 2_000)).toEqual(report);
  });

  it('reads nothing from storage it did not write', () => {
    sessionStorage.setItem('basha.afterSignIn', '{"path":1}');
    expect(takeActionAfterSignIn('/main/rent', () => true)).toBeUndefined();
    sessionStorage.setItem('basha.afterSignIn', 'not json');
    expect(takeActionAfterSignIn('/main/rent', () => true)).toBeUndefined();
  });
});
