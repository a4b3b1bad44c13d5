// Relay connections with a real client, against a running endpoint: Apollo Client 4's
// relayStylePagination (keyArgs sorting and filter) merges the pages of usersConnection, signed in as
// the host's admin, whose tenant has two users (admin 1 and auditor 4 in the demo data).
//   1. forward: first: 1, then fetchMore after the page's endCursor; the server's two pages say what
//      the cursor paging promises (hasNextPage on the first, hasPreviousPage on the second, as paged
//      forward from a cursor), the second request carries the first page's endCursor, and both the
//      cache and the watched query then hold both users once, in order, with the merged pageInfo of
//      the whole list (no page before or after it, its first and last edges' cursors) and totalCount 2;
//   2. backward: last: 1, then fetchMore before the page's startCursor, the same list and pageInfo;
//   3. another sorting ("id desc") is cached apart from "id" (keyArgs): its own entry, walked the same
//      way, holds the users in reverse order, and the "id" entry is left as it was.
//
//   node connections.mjs http://127.0.0.1:18080/graphql
//   (the SPA sample: token at /api/TokenAuth/Authenticate)
import { isDeepStrictEqual } from 'node:util';

import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { filter, firstValueFrom, timeout } from 'rxjs';

import { bearerToken } from './sign-in.mjs';
import { check, report } from './checks.mjs';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node connections.mjs <endpoint url>');
  process.exit(2);
}
const headers = { Authorization: await bearerToken(url) };

const USERS = gql`
  query UsersConnection($first: Int, $after: String, $last: Int, $before: String, $sorting: String) {
    usersConnection(first: $first, after: $after, last: $last, before: $before, sorting: $sorting) {
      totalCount
      edges { cursor node { id userName } }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`;
const admin = { __typename: 'User', id: 1, userName: 'admin' };
const auditor = { __typename: 'User', id: 4, userName: 'auditor' };

// What the client sent (variables) and got back (the connection), request by request.
function recordingFetch(exchanges) {
  return async (input, init = {}) => {
    const response = await fetch(input, init);
    const body = await response.clone().json();
    exchanges.push({ variables: JSON.parse(init.body).variables, body });
    return response;
  };
}

function client(exchanges) {
  return new ApolloClient({
    link: new HttpLink({ uri: url, headers, fetch: recordingFetch(exchanges) }),
    cache: new InMemoryCache({
      typePolicies: { Query: { fields: { usersConnection: relayStylePagination(['sorting', 'filter']) } } },
    }),
  });
}

const show = (value) => JSON.stringify(value);
function equal(label, actual, expected) {
  check(label, isDeepStrictEqual(actual, expected), () => `got ${show(actual)}, expected ${show(expected)}`);
}

// The whole list of a connection: both users once, in order, and the pageInfo of the list itself.
function checkMerged(label, connection, users) {
  const edges = connection?.edges ?? [];
  equal(`${label}: the merged edges' nodes`, edges.map((edge) => edge.node), users);
  equal(`${label}: the merged pageInfo`, connection?.pageInfo, {
    __typename: 'PageInfo',
    hasNextPage: false,
    hasPreviousPage: false,
    startCursor: edges[0]?.cursor,
    endCursor: edges[edges.length - 1]?.cursor,
  });
  equal(`${label}: the merged totalCount`, connection?.totalCount, 2);
  equal(`${label}: the merged edges' cursors are distinct strings`,
    new Set(edges.map((edge) => typeof edge.cursor === 'string' && edge.cursor)).size, users.length);
}

// Walks the list in two pages of one user (forward: first/after, backward: last/before) through a
// watched query and fetchMore; checks the server's pages, the requests and the merged result.
async function walk(label, apollo, exchanges, sorting, forward, users) {
  exchanges.length = 0;
  const variables = forward ? { first: 1, sorting } : { last: 1, sorting };
  const observable = apollo.watchQuery({ query: USERS, variables });
  const complete = observable.pipe(filter((result) => !result.loading && result.dataState === 'complete'));
  const subscription = complete.subscribe(() => {});
  try {
    const page = (await firstValueFrom(complete)).data.usersConnection;
    const [nearUser, farUser] = forward ? users : [...users].reverse();
    equal(`${label}: the first page's node`, page.edges.map((edge) => edge.node), [nearUser]);
    equal(`${label}: the first page's pageInfo`, page.pageInfo, {
      __typename: 'PageInfo',
      hasNextPage: forward,
      hasPreviousPage: !forward,
      startCursor: page.edges[0]?.cursor,
      endCursor: page.edges[0]?.cursor,
    });
    const cursor = forward ? page.pageInfo.endCursor : page.pageInfo.startCursor;
    // the watched query hears of the merged list once the cache broadcasts it, not by fetchMore's promise
    const watched = firstValueFrom(complete.pipe(
      filter((result) => result.data.usersConnection.edges.length === users.length), timeout(5000)));
    const more = await observable.fetchMore({ variables: forward ? { after: cursor } : { before: cursor } });
    equal(`${label}: fetchMore's page (the server's second page)`, more.data?.usersConnection, {
      __typename: 'UserConnection',
      totalCount: 2,
      edges: [{ __typename: 'UserEdge', cursor: more.data?.usersConnection?.edges?.[0]?.cursor, node: farUser }],
      pageInfo: {
        __typename: 'PageInfo',
        // paged from a cursor: there is a page on the cursor's side, and none beyond
        hasNextPage: !forward,
        hasPreviousPage: forward,
        startCursor: more.data?.usersConnection?.edges?.[0]?.cursor,
        endCursor: more.data?.usersConnection?.edges?.[0]?.cursor,
      },
    });
    equal(`${label}: the requests, the second one from the first page's cursor`,
      exchanges.map((exchange) => exchange.variables),
      [variables, { ...variables, ...(forward ? { after: cursor } : { before: cursor }) }]);
    checkMerged(`${label}, read from the cache`, apollo.readQuery({ query: USERS, variables })?.usersConnection,
      users);
    const emitted = await watched;
    checkMerged(`${label}, the watched query's next result`, emitted.data?.usersConnection, users);
    const current = observable.getCurrentResult();
    equal(`${label}: the watched query's current result is that one, complete and without errors`,
      { data: current.data, dataState: current.dataState, error: current.error },
      { data: emitted.data, dataState: 'complete', error: undefined });
  } catch (error) {
    check(label, false, () => `${error.stack ?? error} after ${show(exchanges)}`);
  } finally {
    subscription.unsubscribe();
  }
}

const forwardExchanges = [];
const forwardClient = client(forwardExchanges);
await walk('forward, sorting "id"', forwardClient, forwardExchanges, 'id', true, [admin, auditor]);
const backwardExchanges = [];
await walk('backward, sorting "id"', client(backwardExchanges), backwardExchanges, 'id', false, [admin, auditor]);

// The same client: a second sorting is another cache entry, walked anew, in reverse order.
const byId = forwardClient.readQuery({ query: USERS, variables: { first: 1, sorting: 'id' } });
await walk('forward, sorting "id desc" (same client)', forwardClient, forwardExchanges, 'id desc', true,
  [auditor, admin]);
equal('keyArgs: the cache holds one usersConnection per sorting',
  Object.keys(forwardClient.cache.extract().ROOT_QUERY ?? {}).filter((key) => key.startsWith('usersConnection'))
    .sort(),
  ['usersConnection:{"sorting":"id desc"}', 'usersConnection:{"sorting":"id"}']);
equal('keyArgs: the "id" entry is left as it was by the "id desc" walk',
  forwardClient.readQuery({ query: USERS, variables: { first: 1, sorting: 'id' } }), byId);
checkMerged('keyArgs: the "id" entry, read again', byId?.usersConnection, [admin, auditor]);

console.log(`Relay connections (usersConnection) with Apollo Client's relayStylePagination against ${url}:`);
report();
