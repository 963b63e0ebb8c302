import { clearSavedRows, listSavedRows, removeSavedRowsExcept } from './saved-db';
import { clearSavedPhotos, dropSavedPhotosExcept } from './saved-photos';
import { announceSavedChange, forgetSavedKeys } from './saved-state';

/**
 * A session ended (docs/security.md, "Signing out of a shared phone"): the saved listings and their photos of
 * everyone but `ownerId` (the person signed in now, if anyone) leave the phone, so the next person on it does not
 * see them. The account keeps the list; the next sign-in brings it back.
 */
export async function keepSavedItemsOnlyOf(ownerId: string | undefined): Promise<void> {
  forgetSavedKeys();
  if (ownerId === undefined) {
    await Promise.all([clearSavedRows(), clearSavedPhotos()]);
  } else {
    await removeSavedRowsExcept(ownerId);
    await dropSavedPhotosExcept(new Set((await listSavedRows(ownerId)).flatMap((row) => row.photos)));
  }
  announceSavedChange();
}
