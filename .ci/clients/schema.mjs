// Writes the schema a running SPA sample serves (GET /graphql/schema, signed in with a bearer token)
// to generated/schema.graphql, for GraphQL Code Generator and Relay's compiler to build against.
//
//   node schema.mjs http://127.0.0.1:18080/graphql
import { mkdirSync, writeFileSync } from 'node:fs';

import { bearerToken } from './sign-in.mjs';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node schema.mjs <endpoint url>');
  process.exit(2);
}
const response = await fetch(`${url}/schema`, { headers: { Authorization: await bearerToken(url) } });
if (!response.ok) {
  throw new Error(`GET ${url}/schema: ${response.status}`);
}
mkdirSync(new URL('generated/', import.meta.url), { recursive: true });
writeFileSync(new URL('generated/schema.graphql', import.meta.url), await response.text());
