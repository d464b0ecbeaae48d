/**
 * The browser's local storage, which privacy modes may turn off: reading then answers null and
 * writing does nothing, and the caller's fallback (asking again) applies.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores a value, or removes it when null; false when storage is unavailable. */
export function writeStored(key: string, value: string | null): boolean {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
