// The playground page: GraphiQL with the query explorer and the playground's settings, sending its
// requests to the endpoint whose path the server writes into <meta name="graphql-endpoint">, with
// the credentials the settings name. No inline script, no other origin.
import 'graphiql/setup-workers/vite';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import { currentSettings } from './settings.js';
import { settingsPlugin } from './SettingsPanel.jsx';
import { SchemaPolling } from './SchemaPolling.jsx';
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';
import './playground.css';

const endpoint = document.querySelector('meta[name="graphql-endpoint"]')?.content ?? '/graphql';

// Every request, the schema's included, carries cookies as the saved settings say at the time it is sent.
const fetcher = createGraphiQLFetcher({
  url: endpoint,
  fetch: (url, init) => fetch(url, { ...init, credentials: currentSettings()['request.credentials'] })
});

// A front end that signed its user in with a token leaves it in this tab's session storage; the
// playground offers it in the headers editor, where the user sees it and can remove it.
const token = sessionStorage.getItem('svc.accessToken');
const headers = token ? JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) : undefined;

createRoot(document.getElementById('playground')).render(
  <GraphiQL fetcher={fetcher} plugins={[explorerPlugin(), settingsPlugin]}
    initialHeaders={headers} defaultHeaders={headers}>
    <SchemaPolling />
  </GraphiQL>
);
