// The playground's own settings, as users of the original playground know them: how requests carry
// the browser's cookies and whether the schema is fetched again every 2 seconds. They are kept in
// this browser's local storage when the user saves them, and read by every request the page sends.

const STORAGE_KEY = 'svc-playground:settings';

export const CREDENTIALS = ['include', 'same-origin', 'omit'];

export const POLLING_INTERVAL_MS = 2000;

export const DEFAULTS = Object.freeze({
  'request.credentials': 'include',
  'schema.polling.enable': false
});

// A stored value that is not one of the allowed ones (an older page, a hand edit) falls back to
// its default instead of breaking every request.
function valid(candidate) {
  const settings = { ...DEFAULTS };
  if (candidate && CREDENTIALS.includes(candidate['request.credentials'])) {
    settings['request.credentials'] = candidate['request.credentials'];
  }
  if (candidate && typeof candidate['schema.polling.enable'] === 'boolean') {
    settings['schema.polling.enable'] = candidate['schema.polling.enable'];
  }
  return Object.freeze(settings);
}

function load() {
  try {
    return valid(JSON.parse(localStorage.getItem(STORAGE_KEY)));
  } catch {
    return valid(null);
  }
}

let current = load();
const listeners = new Set();

export function currentSettings() {
  return current;
}

export function saveSettings(settings) {
  current = valid(settings);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  listeners.forEach((listener) => listener());
}

export function subscribe(listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
