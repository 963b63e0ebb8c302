import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { mayLoadDecoration } from '@/domain/worker-caching';
import { connectionType, savingData } from '@/lib/data-saver';
import { isSignedInPhone } from '@/lib/signed-in-phone';
import { whenIdleAfterFirstContent } from '@/lib/when-idle';
import type * as MotionKitModule from './motion-kit';

/**
 * framer-motion arrives after the page's first content (motion-kit.tsx): until then, and for a visitor whose
 * connection never brings it, every animated part renders as a plain element, fully visible. Content never waits
 * for motion. The rules for a part already on the page when the kit arrives are in the hooks below.
 */

export type MotionKit = typeof MotionKitModule;

const MOTION_IDLE_TIMEOUT_MS = 2000;

let kit: MotionKit | undefined;
let scheduled = false;
const listeners = new Set<() => void>();

/** Loads the kit and its animation features side by side (the features would otherwise wait for the kit). */
function loadMotionKit(): Promise<MotionKit> {
  return Promise.all([import('./motion-kit'), import('./motion-features')]).then(([loaded]) => {
    if (!kit) {
      kit = loaded;
      for (const listener of listeners) listener();
    }
    return loaded;
  });
}

function scheduleMotionKit(): void {
  // Motion is decoration: a phone that saves data (Save-Data or Basha's switch) is not sent its 33 KB, nor is a first
  // visit on mobile data.
  if (scheduled) return;
  const handheld = window.matchMedia('(pointer: coarse)').matches;
  const facts = { saveData: savingData(), type: connectionType(), handheld, appCodeOnPhone: isSignedInPhone() };
  if (!mayLoadDecoration(facts)) return;
  scheduled = true;
  whenIdleAfterFirstContent(() => {
    loadMotionKit().catch(() => {
      // Offline before the chunk was cached: the app stays still; the next page asks again.
      scheduled = false;
    });
  }, MOTION_IDLE_TIMEOUT_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kit once it has loaded (and asks for it to be loaded, after the first content). */
export function useMotionKit(): MotionKit | undefined {
  useEffect(scheduleMotionKit, []);
  return useSyncExternalStore(
    subscribe,
    () => kit,
    () => undefined,
  );
}

/**
 * The kit for a part that animates as it mounts (a card, a dialog, a toast): the kit as it was when the part
 * mounted. A part that mounted before the kit stays plain for its life: switching its element would remount it
 * (losing what was typed in it) and replay its entrance in front of the person.
 */
export function useMotionKitAtMount(): MotionKit | undefined {
  const loaded = useMotionKit();
  const [atMount] = useState(loaded);
  return atMount;
}

/**
 * The kit for a part that comes into view animated (the landing tiles): the kit if it was there when the part
 * mounted, or once it arrives while the part is still below the screen, unseen. A part already seen stays as it
 * is for this visit: taking the kit would hide it, to rise in again, in front of the person.
 */
export function useMotionKitWhileUnseen(ref: RefObject<HTMLElement | null>): MotionKit | undefined {
  const loaded = useMotionKit();
  const [adopted, setAdopted] = useState(loaded);
  const [declined, setDeclined] = useState(false);
  useEffect(() => {
    if (!loaded || adopted || declined) return;
    const element = ref.current;
    if (element && element.getBoundingClientRect().top >= window.innerHeight) setAdopted(loaded);
    else setDeclined(true);
  }, [loaded, adopted, declined, ref]);
  return adopted;
}
