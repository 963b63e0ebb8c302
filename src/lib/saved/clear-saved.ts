import { clearSavedRows } from './saved-db';
import { clearSavedPhotos } from './saved-photos';
import { announceSavedChange, forgetSavedKeys } from './saved-state';

/**
 * Sign-out (docs/security.md, "Signing out of a shared phone"): the saved listings and their photos leave the phone,
 * so the next person on it does not see them. The account keeps the list; the next sign-in brings it back.
 */
export async function clearSavedItems(): Promise<void> {
  forgetSavedKeys();
  await Promise.all([clearSavedRows(), clearSavedPhotos()]);
  announceSavedChange();
}
