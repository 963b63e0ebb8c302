import { devices, expect, type Browser, type Page } from '@playwright/test';
import { sessionTokenOf, signedInStatePath } from './sign-in';

export const rentCards = (page: Page) => page.locator('.rent-card:not(.rent-card--pending)');
export const cardLink = (page: Page, id: string) => page.locator(`.rent-card a[href="/main/view-rent/${id}"]`);

/** Another phone (a context of its own), signed in as `user` when one is given (from the setup's state). */
export async function newPhone(browser: Browser, user?: { email: string }) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    ...(user ? { storageState: signedInStatePath(user) } : {}),
  });
  return context.newPage();
}

/** A rent ad on the first screen of the list that `selfId` did not post, with the address the moderator sees. */
export async function someoneElsesAd(page: Page, selfId: string): Promise<{ id: string; address: string }> {
  await expect(rentCards(page).first()).toBeVisible();
  const hrefs = await rentCards(page)
    .locator('a[href^="/main/view-rent/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const token = await sessionTokenOf(page);
  for (const href of hrefs.slice(0, 6)) {
    const id = href.split('/').at(-1) ?? '';
    const response = await page.request.get(`/api/v1/rent/view-details/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const post = (await response.json()) as { data: { user: { _id: string }; addressLine: string; city: string } };
    if (post.data.user._id !== selfId) return { id, address: `${post.data.addressLine}, ${post.data.city}` };
  }
  throw new Error('no ad by someone else on the first screen');
}
