// The playground page: GraphiQL with the query explorer, sending its requests to the endpoint whose
// path the server writes into <meta name="graphql-endpoint">. No inline script, no other origin.
import 'graphiql/setup-workers/vite';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';

const endpoint = document.querySelector('meta[name="graphql-endpoint"]')?.content ?? '/graphql';
const fetcher = createGraphiQLFetcher({
  url: endpoint,
  fetch: (url, init) => fetch(url, { ...init, credentials: 'include' })
});

createRoot(document.getElementById('playground')).render(
  <GraphiQL fetcher={fetcher} plugins={[explorerPlugin()]} />
);
