/**
 * Data saver (issue 23, point 4): which rendition of a photo to load, and how the server knows, for the first
 * screen it prerenders, that the phone saves data. The phone says so with the `Save-Data: on` header (its own
 * data saver, as `navigator.connection.saveData` does in the page); Basha's own switch is mirrored in the
 * `basha-data-saver` cookie. Both sides read the same two signals, so the prerendered first screen and the app
 * that replaces it ask for the same file: no second download, and nothing shifts (the size is set either way).
 */

/** The cookie that mirrors Basha's own data saver for the server (the switch also keeps it in localStorage). */
export const DATA_SAVER_COOKIE = 'basha-data-saver';
export const DATA_SAVER_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** Whether a Cookie header says Basha's own data saver is on. */
export function dataSaverFromCookies(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const [name, value] = pair.split('=').map((part) => part.trim());
    return name === DATA_SAVER_COOKIE && value === 'on';
  });
}

/** Whether a request comes from a phone that saves data: the browser's `Save-Data: on`, or Basha's own switch. */
export function requestSavesData(headers: { saveData?: string | null; cookie?: string | null }): boolean {
  return headers.saveData?.trim().toLowerCase() === 'on' || dataSaverFromCookies(headers.cookie);
}

/** The widths of an illustration to offer: all of them, or only the smallest while saving data. */
export function offeredWidths(widths: readonly number[], savingData: boolean): readonly number[] {
  if (!savingData || widths.length <= 1) return widths;
  return [Math.min(...widths)];
}

/**
 * The file of an uploaded photo to show: the large one, or its small rendition (the card thumbnail, 480 px) while
 * saving data, when there is one.
 */
export function photoRendition(large: string, small: string | null | undefined, savingData: boolean): string {
  return savingData && small ? small : large;
}
