import { atom } from 'jotai';

/** A waiting new version of the app; calling `apply` activates it and reloads. */
export const appUpdateAtom = atom<{ apply: () => void } | undefined>(undefined);

/** The browser's deferred install prompt, while Basha may be installed and is not yet. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
export const installPromptAtom = atom<InstallPromptEvent | undefined>(undefined);
