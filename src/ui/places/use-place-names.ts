import { useEffect, useState } from 'react';
import type { PlaceIndex } from '@/domain/places/place-tree';

/**
 * The bundled place tree, loaded on demand (a list filtered by a place names it from its id). Undefined until it
 * has loaded; `wanted` false loads nothing.
 */
let loaded: PlaceIndex | undefined;
let loading: Promise<PlaceIndex> | undefined;

export function loadPlaceIndex(): Promise<PlaceIndex> {
  // Through the picker's module, which holds the tree (see its export of bundledPlaceIndex).
  loading ??= import('./place-picker').then((module) => (loaded = module.bundledPlaceIndex()));
  return loading;
}

export function usePlaceIndex(wanted: boolean): PlaceIndex | undefined {
  const [index, setIndex] = useState(loaded);
  useEffect(() => {
    if (!wanted || index) return;
    let live = true;
    loadPlaceIndex().then(
      (value) => live && setIndex(value),
      (error: unknown) => console.error('The place tree did not load', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, index]);
  return index;
}
