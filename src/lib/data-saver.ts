/**
 * What the phone says about its connection (the Network Information API, in Chromium-based browsers) and the
 * in-app data saver, remembered on the phone. Read when needed; nothing happens on import.
 */

export const DATA_SAVER_KEY = 'basha.dataSaver';

function connection(): { saveData: boolean; type: string | undefined } {
  // Not in TypeScript's DOM library: read as the untyped property it is and checked field by field.
  const found: unknown =
    typeof navigator !== 'undefined' && 'connection' in navigator ? Reflect.get(navigator, 'connection') : undefined;
  if (typeof found !== 'object' || found === null) return { saveData: false, type: undefined };
  const saveData: unknown = Reflect.get(found, 'saveData');
  const type: unknown = Reflect.get(found, 'type');
  return { saveData: saveData === true, type: typeof type === 'string' ? type : undefined };
}

/** Basha's own data saver, as set on this phone. */
export function inAppDataSaver(): boolean {
  try {
    return localStorage.getItem(DATA_SAVER_KEY) === 'on';
  } catch {
    return false; // storage blocked: only the phone's setting counts
  }
}

/** Turns Basha's own data saver on or off, remembered on this phone. */
export function setInAppDataSaver(on: boolean): void {
  try {
    if (on) localStorage.setItem(DATA_SAVER_KEY, 'on');
    else localStorage.removeItem(DATA_SAVER_KEY);
  } catch {
    // storage blocked: the choice lasts as long as the page
  }
}

/** True when the phone's data saver (Save-Data) or Basha's own is on. */
export function savingData(): boolean {
  return inAppDataSaver() || connection().saveData;
}

/** `wifi`, `ethernet`, `cellular`, ... or undefined where the browser does not say. */
export function connectionType(): string | undefined {
  return connection().type;
}
