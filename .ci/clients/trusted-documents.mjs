// Trusted documents with the real build tools, against an endpoint in registered-only mode whose
// manifests are the ones this project's tools wrote (see .ci/run):
//   1. urql 6's persisted exchange, enforcing persisted queries, with the hash GraphQL Code
//      Generator's client preset put in each document's __meta__, runs every document of
//      codegen/*.graphql over POST and GET without sending its text, and gets what the same text
//      gets from an endpoint that runs any document;
//   2. relay-runtime, with a network layer that sends the operation's id (Relay's compiler,
//      persistConfig) as documentId over POST and GET, gets what the text gets there;
//   3. a text that no manifest has is refused with PERSISTED_DOCUMENT_REQUIRED over POST and GET,
//      for a user without the endpoint's arbitrary-permission (Pages.Administration: the demo's
//      auditor) and anonymously, and runs for the admin, who holds it.
//
//   node trusted-documents.mjs <registered-only endpoint url> <arbitrary endpoint url>
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

import { Client, fetchExchange } from '@urql/core';
import { persistedExchange } from '@urql/exchange-persisted';
import { createJiti } from 'jiti';
import { Environment, Network, RecordSource, Store, fetchQuery } from 'relay-runtime';

import { bearerToken } from './sign-in.mjs';
import { check, report } from './checks.mjs';

const [url, arbitraryUrl] = process.argv.slice(2);
if (!url || !arbitraryUrl) {
  console.error('usage: node trusted-documents.mjs <registered-only endpoint url> <arbitrary endpoint url>');
  process.exit(2);
}
const generated = (path) => new URL(`generated/${path}`, import.meta.url);
const codegenManifest = JSON.parse(readFileSync(generated('gql/persisted-documents.json'), 'utf8'));
const relayManifest = JSON.parse(readFileSync(generated('persisted_queries.json'), 'utf8'));
// The client preset writes TypeScript; jiti loads it as a front end's bundler would.
const codegenDocuments = await createJiti(import.meta.url).import(generated('gql/graphql.ts').pathname);
// Each endpoint signs its own tokens in.
const signedIn = { Authorization: await bearerToken(url) };
const signedInThere = { Authorization: await bearerToken(arbitraryUrl) };
const variables = { max: 3 };


// What a client sent and got back.
function recordingFetch(exchanges) {
  return async (input, init = {}) => {
    const target = new URL(typeof input === 'string' ? input : input.url);
    const method = (init.method ?? 'GET').toUpperCase();
    const sent = method === 'GET' ? Object.fromEntries(target.searchParams) : JSON.parse(init.body);
    const response = await fetch(input, init);
    exchanges.push({ method, sent, status: response.status, body: await response.clone().json() });
    return response;
  };
}

async function textResult(text) {
  const response = await fetch(arbitraryUrl, {
    method: 'POST',
    headers: { ...signedInThere, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: text, variables }),
  });
  return response.json();
}

// 1. urql with the client preset's documents.
const documents = Object.entries(codegenDocuments).filter(([name]) => name.endsWith('Document'));
check('the client preset generated the documents of codegen/*.graphql', documents.length === 2,
  () => Object.keys(codegenDocuments).join(', '));
for (const [name, document] of documents) {
  const hash = document.__meta__?.hash;
  const text = codegenManifest[hash];
  check(`${name}: its __meta__.hash is the SHA-256 id of its text in the manifest`,
    typeof hash === 'string' && hash.startsWith('sha256:') && text, () => `${hash} in ${Object.keys(codegenManifest)}`);
  const expected = await textResult(text);
  for (const preferGetForPersistedQueries of [false, true]) {
    const label = `urql ${preferGetForPersistedQueries ? 'GET' : 'POST'} ${name}`;
    const exchanges = [];
    const client = new Client({
      url,
      fetch: recordingFetch(exchanges),
      fetchOptions: { headers: signedIn },
      requestPolicy: 'network-only',
      preferGetMethod: false,
      exchanges: [persistedExchange({
        enforcePersistedQueries: true,
        preferGetForPersistedQueries,
        // the preset's hash as it is, sha256:<hex>, which the endpoint takes as the persisted query's hash
        generateHash: async (_, doc) => doc.__meta__.hash,
      }), fetchExchange],
    });
    const result = await client.query(document, variables).toPromise();
    check(`${label}: sends the hash alone, once, and gets the text's result`,
      exchanges.length === 1 && exchanges[0].method === (preferGetForPersistedQueries ? 'GET' : 'POST')
        && !exchanges[0].sent.query && !result.error && expected.data && !expected.errors
        && isDeepStrictEqual(result.data, expected.data),
      () => JSON.stringify({ exchanges, result: result.data, error: result.error?.message, expected }));
  }
}

// 2. Relay, by the ids of its compiler's manifest.
const relayArtifacts = ['documentsUsersQuery', 'documentsUnitsQuery'];
for (const method of ['POST', 'GET']) {
  for (const artifactName of relayArtifacts) {
    const label = `Relay ${method} ${artifactName}`;
    const { default: artifact } = await import(generated(`relay/${artifactName}.graphql.js`));
    const exchanges = [];
    const send = recordingFetch(exchanges);
    const network = Network.create(async (params, vars) => {
      const response = method === 'POST'
        ? await send(url, {
          method,
          headers: { ...signedIn, 'Content-Type': 'application/json' },
          body: JSON.stringify({ documentId: params.id, variables: vars }),
        })
        : await send(`${url}?${new URLSearchParams({ documentId: params.id, variables: JSON.stringify(vars) })}`,
          { method, headers: signedIn });
      return response.json();
    });
    const environment = new Environment({ network, store: new Store(new RecordSource()) });
    try {
      const id = artifact.params.id;
      const expected = await textResult(relayManifest[id]);
      const data = await fetchQuery(environment, artifact, variables).toPromise();
      check(`${label}: sends the id of Relay's manifest alone and gets the text's result`,
        id && relayManifest[id] && artifact.params.text == null && exchanges.length === 1 && !exchanges[0].sent.query
          && exchanges[0].status === 200 && expected.data && !expected.errors
          && isDeepStrictEqual(exchanges[0].body, expected) && data && Object.keys(data).length > 0,
        () => JSON.stringify({ id, exchanges, expected }));
    } catch (error) {
      check(label, false, () => `${error.stack ?? error} after ${JSON.stringify(exchanges)}`);
    }
  }
}

// 3. Any other text is refused, but for holders of the arbitrary-permission.
const unregistered = 'query NotRegistered { roles { name } }';
const callers = [
  ['auditor (no Pages.Administration)', { Authorization: await bearerToken(url, 'auditor') }, false],
  ['anonymous', {}, false],
  ['admin (Pages.Administration)', signedIn, true],
];
for (const [caller, headers, runs] of callers) {
  const post = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: unregistered }),
  });
  const get = await fetch(`${url}?${new URLSearchParams({ query: unregistered })}`, { headers });
  for (const [method, response] of [['POST', post], ['GET', get]]) {
    const body = await response.json();
    if (runs) {
      check(`an unregistered text, ${caller}, over ${method}: runs`,
        response.status === 200 && body.data?.roles?.length > 0 && !body.errors, () => `${response.status} ${JSON.stringify(body)}`);
    } else {
      check(`an unregistered text, ${caller}, over ${method}: PERSISTED_DOCUMENT_REQUIRED`,
        response.status === 400 && !body.data && body.errors?.[0]?.extensions?.code === 'PERSISTED_DOCUMENT_REQUIRED',
        () => `${response.status} ${JSON.stringify(body)}`);
    }
  }
}
console.log(`trusted documents of GraphQL Code Generator (urql) and Relay against ${url}:`);
report();
