import { Suspense } from 'react';
import { m } from '@/i18n/generated/messages.js';
import type { PlacePickerProps } from './place-picker';
import './places.css';
import { lazyOptional } from '@/ui/lazy-optional';

/**
 * The place picker with the place tree, loaded when it is first shown: a page that may show it (a form, a list's
 * filter) does not carry the tree in its first load. Offline it comes from the service worker's cache like any
 * other chunk. Until it arrives, a box of its height holds its place, so nothing below it jumps.
 */
const PlacePicker = lazyOptional(() => import('./place-picker').then((module) => module.PlacePicker));

/** Starts loading the picker early (on a form's first render), so that it is there when scrolled to. */
export function preloadPlacePicker(): void {
  void import('./place-picker');
}

export function LazyPlacePicker(props: PlacePickerProps) {
  return (
    <Suspense
      fallback={
        <p className="place-picker place-picker--loading" role="status">
          {m.ui_places_loading()}
        </p>
      }
    >
      <PlacePicker {...props} />
    </Suspense>
  );
}
