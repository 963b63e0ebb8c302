import { expect, type Page } from '@playwright/test';

/**
 * Chooses a place with a form's or a filter's place picker: types `text` into its type-ahead and takes the first
 * place found (Enter), as a person on a phone would. `searchLabel` is the type-ahead's label in the page's language.
 */
export async function choosePlace(page: Page, text: string, searchLabel = 'Search for an area'): Promise<void> {
  const box = page.getByRole('combobox', { name: searchLabel });
  await box.fill(text);
  // The type-ahead's own list (the native selects' options are options too).
  await expect(page.getByRole('listbox', { name: searchLabel }).getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue('');
}
