// The settings tab: the two settings of the original playground, changed here and applied once
// the user presses SAVE SETTINGS.
import { useState, useSyncExternalStore } from 'react';
import { CREDENTIALS, POLLING_INTERVAL_MS, currentSettings, saveSettings, subscribe } from './settings.js';

const CREDENTIAL_HINTS = {
  include: 'send this browser\'s cookies, so queries run as the user signed in here',
  'same-origin': 'send cookies only when the endpoint is on this page\'s origin',
  omit: 'send no cookies: queries run anonymously unless a header carries a token'
};

function SettingsPanel() {
  const saved = useSyncExternalStore(subscribe, currentSettings);
  const [draft, setDraft] = useState(saved);
  const [status, setStatus] = useState('');
  const changed = Object.keys(saved).some((key) => saved[key] !== draft[key]);

  function change(key, value) {
    setDraft({ ...draft, [key]: value });
    setStatus('');
  }

  function save(event) {
    event.preventDefault();
    saveSettings(draft);
    setStatus('Settings saved.');
  }

  return (
    <form className="svc-settings" onSubmit={save} aria-label="Playground settings">
      <div className="graphiql-doc-explorer-title">Settings</div>
      <label>
        <code>request.credentials</code>
        <select value={draft['request.credentials']}
          onChange={(event) => change('request.credentials', event.target.value)}>
          {CREDENTIALS.map((value) => <option key={value} value={value}>{value}</option>)}
        </select>
        <small>{CREDENTIAL_HINTS[draft['request.credentials']]}</small>
      </label>
      <label className="svc-settings-check">
        <input type="checkbox" checked={draft['schema.polling.enable']}
          onChange={(event) => change('schema.polling.enable', event.target.checked)} />
        <code>schema.polling.enable</code>
        <small>fetch the schema again every {POLLING_INTERVAL_MS / 1000} seconds</small>
      </label>
      <button type="submit" className="graphiql-button" disabled={!changed}>SAVE SETTINGS</button>
      <p role="status">{status}</p>
    </form>
  );
}

function SettingsIcon(props) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" strokeLinecap="round" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

export const settingsPlugin = {
  title: 'Playground settings',
  icon: SettingsIcon,
  content: SettingsPanel
};
