// Automatic persisted queries with the real clients, against a running endpoint: Apollo Client 4's
// persisted-queries link (POST, and GET for hashed queries) and urql 6's persisted exchange (GET),
// each signed in with a bearer token and anonymously. For every client and caller:
//   1. the first call sends the hash alone, gets PersistedQueryNotFound and sends the text with the hash;
//   2. the second call sends the hash alone and gets its data;
//   3. both results equal those of the same text sent as a plain POST.
// Every document carries an alias of this run's own, so that the server cannot know it beforehand.
// With a manifest of the server's registered documents (GraphQL Code Generator's, ids the SHA-256
// hashes), for each of its documents, signed in:
//   4. Apollo Client's link with the manifest's id as its hash runs it at once, without the text;
//   5. documentId (sha256:<id>) over POST and GET answers the same data.
//
//   node persisted-queries.mjs http://127.0.0.1:18080/graphql [manifest.json]
//   (the SPA sample: token at /api/TokenAuth/Authenticate)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { Client, fetchExchange } from '@urql/core';
import { persistedExchange } from '@urql/exchange-persisted';

import { bearerToken } from './sign-in.mjs';
import { check, report } from './checks.mjs';

const [url, manifestPath] = process.argv.slice(2);
if (!url) {
  console.error('usage: node persisted-queries.mjs <endpoint url>');
  process.exit(2);
}
const run = `r${Date.now().toString(36)}`;
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

// What a client sent: method, the text (or none) and the hash, from the body or the URL.
function recordingFetch(exchanges) {
  return async (input, init = {}) => {
    const target = new URL(typeof input === 'string' ? input : input.url);
    const method = (init.method ?? 'GET').toUpperCase();
    const sent = method === 'GET'
      ? { query: target.searchParams.get('query'), extensions: JSON.parse(target.searchParams.get('extensions') ?? '{}') }
      : JSON.parse(init.body);
    const response = await fetch(input, init);
    exchanges.push({
      method,
      query: sent.query || null,
      hash: sent.extensions?.persistedQuery?.sha256Hash ?? null,
      status: response.status,
      body: await response.clone().text(),
    });
    return response;
  };
}

const clients = {
  'Apollo Client POST': (headers, fetch) => apollo(headers, fetch, false),
  'Apollo Client GET': (headers, fetch) => apollo(headers, fetch, true),
  'urql GET': (headers, fetch) => urql(headers, fetch),
};

function apollo(headers, fetch, useGETForHashedQueries) {
  const client = new ApolloClient({
    link: ApolloLink.from([
      new PersistedQueryLink({ sha256, useGETForHashedQueries }),
      new HttpLink({ uri: url, headers, fetch }),
    ]),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
  return async (text, variables) => (await client.query({ query: gql(text), variables })).data;
}

function urql(headers, fetch) {
  const client = new Client({
    url,
    fetch,
    fetchOptions: { headers },
    requestPolicy: 'network-only',
    preferGetMethod: false,
    exchanges: [persistedExchange({ preferGetForPersistedQueries: true, generateHash: async (text) => sha256(text) }),
      fetchExchange],
  });
  return async (text, variables) => {
    const result = await client.query(text, variables).toPromise();
    if (result.error) {
      throw result.error;
    }
    return result.data;
  };
}

const callers = {
  'signed in': {
    headers: { Authorization: await bearerToken(url) },
    text: (name) => `query ${name}($max: Int) { users(maxResultCount: $max) { totalCount items { name surname `
      + `roles { name } } } ${run}: roles { name displayName } }`,
    variables: { max: 3 },
  },
  anonymous: {
    headers: {},
    text: (name) => `query ${name} { __typename ${run}: __typename }`,
    variables: {},
  },
};


for (const [clientName, makeClient] of Object.entries(clients)) {
  for (const [callerName, caller] of Object.entries(callers)) {
    const label = `${clientName}, ${callerName}`;
    const exchanges = [];
    const query = makeClient(caller.headers, recordingFetch(exchanges));
    const text = caller.text(`${clientName.replace(/\W/g, '')}${callerName.replace(/\W/g, '')}`);
    const expectedMethod = clientName.endsWith('GET') ? 'GET' : 'POST';
    try {
      const first = await query(text, caller.variables);
      const [miss, withText, ...more] = exchanges;
      check(`${label}: the first call sends the hash alone and learns it is not known`,
        miss && miss.method === expectedMethod && miss.query === null && miss.hash
          && JSON.parse(miss.body).errors?.[0]?.message === 'PersistedQueryNotFound',
        () => JSON.stringify(miss));
      check(`${label}: then it sends the text with its hash, which runs`,
        withText && withText.query && withText.hash === sha256(withText.query) && withText.status === 200
          && more.length === 0,
        () => JSON.stringify(exchanges.slice(1)));
      exchanges.length = 0;
      const second = await query(text, caller.variables);
      check(`${label}: the second call sends the hash alone, which runs`,
        exchanges.length === 1 && exchanges[0].method === expectedMethod && exchanges[0].query === null
          && exchanges[0].hash === withText?.hash && exchanges[0].status === 200,
        () => JSON.stringify(exchanges));
      const plain = await fetch(url, {
        method: 'POST',
        headers: { ...caller.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: withText?.query, variables: caller.variables }),
      }).then((response) => response.json());
      check(`${label}: both results are the text's`,
        plain.data && !plain.errors && isDeepStrictEqual(first, plain.data) && isDeepStrictEqual(second, plain.data),
        () => JSON.stringify({ first, second, plain }));
    } catch (error) {
      check(label, false, () => `${error.stack ?? error} after ${JSON.stringify(exchanges)}`);
    }
  }
}
const manifest = manifestPath ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
for (const [id, text] of Object.entries(manifest)) {
  const label = `registered ${text.slice(0, 40)}`;
  const headers = callers['signed in'].headers;
  const exchanges = [];
  const client = new ApolloClient({
    link: ApolloLink.from([
      new PersistedQueryLink({ generateHash: () => id, useGETForHashedQueries: true }),
      new HttpLink({ uri: url, headers, fetch: recordingFetch(exchanges) }),
    ]),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache', errorPolicy: 'all' } },
  });
  try {
    await client.query({ query: gql(text) });
    check(`${label}: Apollo Client's link sends the manifest's id alone, which runs at once`,
      exchanges.length === 1 && exchanges[0].query === null && exchanges[0].hash === id && exchanges[0].status === 200
        && JSON.parse(exchanges[0].body).data && !JSON.parse(exchanges[0].body).errors,
      () => JSON.stringify(exchanges));
    const expected = JSON.parse(exchanges[0]?.body ?? '{}').data;
    const post = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentId: `sha256:${id}` }),
    });
    const get = await fetch(`${url}?documentId=sha256:${id}`, { headers });
    for (const [method, response] of [['POST', post], ['GET', get]]) {
      const body = await response.json();
      check(`${label}: documentId over ${method} answers the same data`,
        response.status === 200 && isDeepStrictEqual(body.data, expected), () => JSON.stringify(body));
    }
  } catch (error) {
    check(label, false, () => `${error.stack ?? error} after ${JSON.stringify(exchanges)}`);
  }
}
console.log(`persisted queries with Apollo Client and urql against ${url}`
  + (manifestPath ? `, and the registered documents of ${manifestPath}:` : ':'));
report();
