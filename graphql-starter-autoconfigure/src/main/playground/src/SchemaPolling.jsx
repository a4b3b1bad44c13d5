// While schema.polling.enable is on, fetches the schema again every 2 seconds, as GraphiQL's own
// re-fetch button does, so a server that changed its schema shows in completion and the docs.
import { useEffect, useSyncExternalStore } from 'react';
import { useGraphiQLActions } from '@graphiql/react';
import { POLLING_INTERVAL_MS, currentSettings, subscribe } from './settings.js';

export function SchemaPolling() {
  const enabled = useSyncExternalStore(subscribe, () => currentSettings()['schema.polling.enable']);
  const { introspect } = useGraphiQLActions();
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    const timer = setInterval(introspect, POLLING_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [enabled, introspect]);
  return null;
}
