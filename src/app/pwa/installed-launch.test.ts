// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeOf, INSTALLED_APP_HOME, landingLoader } from './installed-launch';

describe('where / opens', () => {
  it.each([
    [{ standalone: true, signedIn: true }, INSTALLED_APP_HOME],
    [{ standalone: true, signedIn: false }, undefined],
    [{ standalone: false, signedIn: true }, undefined],
    [{ standalone: false, signedIn: false }, undefined],
  ])('%o: %s', (launch, home) => {
    expect(homeOf(launch)).toBe(home);
  });
});

describe('the landing route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'bashaSelfId=; max-age=0; path=/';
    document.cookie = 'bashaSelfToken=; max-age=0; path=/';
  });

  const displayMode = (standalone: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }));

  it('takes a signed-in person opening the installed app on to the rent list', () => {
    displayMode(true);
    document.cookie = 'bashaSelfId=11111111-1111-4111-8111-111111111111; path=/';
    document.cookie = 'bashaSelfToken=token-a; path=/';
    const answer = landingLoader();
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get('Location')).toBe('/main/rent');
  });

  it('shows the landing page to a visitor of the installed app, and in a browser tab to everyone', () => {
    displayMode(true);
    expect(landingLoader()).toBeNull();
    displayMode(false);
    document.cookie = 'bashaSelfId=11111111-1111-4111-8111-111111111111; path=/';
    document.cookie = 'bashaSelfToken=token-a; path=/';
    expect(landingLoader()).toBeNull();
  });
});
