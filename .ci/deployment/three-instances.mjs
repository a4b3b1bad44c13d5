// Three instances of the SPA sample behind a load balancer (run.sh starts them): whatever instance
// answers,
//   1. the sign-in throttle holds at its number (30 a minute) for an address and for an account;
//   2. the rate limit of query cost holds at its budget (graphql.rate-limits.user), each answer's
//      RateLimit header counting down one budget, then 429 with Retry-After and RATE_LIMITED;
//   3. a persisted query's hash a signed-in caller registered through one instance runs on the
//      others, an anonymous caller's does not;
//   4. a token and a cookie session signed in through one instance work on every instance;
//   5. a log-out on one instance is refused on every instance within the stated delay
//      (the session check interval, 5 s, for a token and for a cookie session).
//
//   node three-instances.mjs http://127.0.0.1:18190 18191 18192 18193
import { createHash } from 'node:crypto';

import { check, report } from '../clients/checks.mjs';

const [balancer, ...ports] = process.argv.slice(2);
const instances = ports.map((port) => `http://127.0.0.1:${port}`);
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(base, path, body, headers = {}) {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

const signIn = (base, name, password, address) =>
  post(base, '/api/TokenAuth/Authenticate', { tenancyName: '', userNameOrEmailAddress: name, password },
    { 'X-Forwarded-For': address });

async function token(address) {
  const response = await signIn(balancer, 'admin', '123qwe', address);
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${response.text}`);
  return response.json.result.accessToken;
}

const graphql = (base, query, headers = {}, extensions) =>
  post(base, '/graphql', extensions ? { query, extensions } : { query }, headers);

// 1. the throttle: 30 attempts an address a minute, every instance counting together
{
  const statuses = [];
  for (let i = 0; i < 31; i++) {
    statuses.push((await signIn(balancer, `nobody-${i}`, 'wrong', '203.0.113.10')).status);
  }
  check('30 attempts of one address pass, through three instances', statuses.slice(0, 30).every((s) => s === 401),
    () => statuses.join(' '));
  check('the 31st is throttled', statuses[30] === 429, () => statuses.join(' '));
  const byAccount = [];
  for (let i = 0; i < 31; i++) {
    byAccount.push((await signIn(balancer, 'nobody-account', 'wrong', `198.51.100.${i + 1}`)).status);
  }
  check('30 attempts of one account from 30 addresses pass', byAccount.slice(0, 30).every((s) => s === 401),
    () => byAccount.join(' '));
  check('the 31st is throttled for the account', byAccount[30] === 429, () => byAccount.join(' '));
}

// 3. a persisted query a signed-in caller registered through one instance runs on the others;
// an anonymous caller's stays where it ran
{
  const query = `{ apq${Date.now().toString(36)}: __typename }`;
  const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
  const authorization = `Bearer ${await token('203.0.113.20')}`;
  const registered = await graphql(instances[0], query, { Authorization: authorization }, extensions);
  check('the hash and text run on the first instance', registered.status === 200, () => registered.text);
  for (const instance of instances.slice(1)) {
    const byHash = await post(instance, '/graphql', { extensions });
    check(`the hash alone runs on ${instance}`, byHash.status === 200 && byHash.text === registered.text,
      () => `${byHash.status} ${byHash.text}`);
  }
  const anonymousQuery = `{ anonymous${Date.now().toString(36)}: __typename }`;
  const anonymousExtensions = { persistedQuery: { version: 1, sha256Hash: sha256(anonymousQuery) } };
  const sent = await graphql(instances[0], anonymousQuery, {}, anonymousExtensions);
  check('an anonymous hash and text run on the first instance', sent.status === 200, () => sent.text);
  const elsewhere = await post(instances[1], '/graphql', { extensions: anonymousExtensions });
  check('an anonymous caller\'s text is not shared', elsewhere.text.includes('PERSISTED_QUERY_NOT_FOUND'),
    () => `${elsewhere.status} ${elsewhere.text}`);
}

// 4. and 5. a token and a cookie session on every instance, and their log-outs
{
  const query = '{ roles { name } }';
  // refused: the not-logged-in error, or (the sample hides what a caller may not use) no such field
  const refused = (response) => response.json?.data?.roles === undefined && response.json?.errors?.length > 0;
  const accessToken = await token('203.0.113.30');
  for (const instance of instances) {
    const response = await graphql(instance, query, { Authorization: `Bearer ${accessToken}` });
    check(`the token works on ${instance}`, response.json?.data?.roles !== undefined, () => response.text);
  }
  const login = await post(balancer, '/ui/login', { tenancyName: '', userNameOrEmailAddress: 'admin', password: '123qwe' },
    { 'X-Forwarded-For': '203.0.113.31' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  check('the cookie sign-in answers a session', login.status === 200 && cookie.startsWith('SESSION='),
    () => `${login.status} ${login.text}`);
  for (const instance of instances) {
    const response = await graphql(instance, query, { Cookie: cookie });
    check(`the cookie session works on ${instance}`, response.json?.data?.roles !== undefined, () => response.text);
  }

  const loggedOut = await fetch(`${instances[0]}/api/TokenAuth/LogOut`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  check('the token log-out answers 200', loggedOut.status === 200, () => `${loggedOut.status}`);
  const started = Date.now();
  for (const instance of instances) {
    let refusedAfter;
    while (refusedAfter === undefined && Date.now() - started < 15_000) {
      const response = await graphql(instance, query, { Authorization: `Bearer ${accessToken}` });
      if (refused(response)) {
        refusedAfter = Date.now() - started;
      } else {
        await sleep(250);
      }
    }
    check(`the logged-out token is refused on ${instance} within 5 s`, refusedAfter !== undefined && refusedAfter <= 6_000,
      () => `refused after ${refusedAfter} ms`);
  }

  const cookieLogOut = await post(instances[1], '/ui/logout', {}, { Cookie: cookie });
  check('the cookie log-out answers 200', cookieLogOut.status === 200, () => `${cookieLogOut.status} ${cookieLogOut.text}`);
  for (const instance of instances) {
    const response = await graphql(instance, query, { Cookie: cookie });
    check(`the logged-out cookie session is refused on ${instance}`,
      refused(response), () => response.text);
  }
}

// 2. the cost budget: 1,000 a user, shared (last: it spends the user's budget)
{
  const bearer = { Authorization: `Bearer ${await token('203.0.113.20')}` };
  const page = '{ users(maxResultCount: 3) { items { id userName } } }';
  const remaining = (response) => Number(/"user";r=(\d+)/.exec(response.headers.get('RateLimit') ?? '')?.[1]);
  const first = await graphql(balancer, page, bearer);
  const left = [];
  let refused;
  for (let i = 0; i < 200 && !refused; i++) {
    const response = await graphql(balancer, page, bearer);
    if (response.status === 429) {
      refused = response;
    } else {
      left.push(remaining(response));
    }
  }
  // The page runs 3 x (id, userName, the item) + 1 = 10, and its sender pays for reading it too
  // while it is not kept parsed (issue 45): between 10 and 20 a page. Each answer
  // tells the budget as its instance knows it, which holds a lease of at most 20 tokens taken from
  // the store ahead (SharedBuckets.tryTake), so the answers of three instances do not count down
  // one by one; but every token spent was taken from the one budget first. Three budgets of their
  // own would pay for three times as many pages.
  const fewest = Math.floor(remaining(first) / 20) - 2;
  const most = Math.floor(remaining(first) / 10) + 4;
  check(`the one budget of three instances pays for ${fewest} to ${most} more pages`,
    left.length >= fewest && left.length <= most,
    () => `${left.length} more: ${left.join(' ')}`);
  check('then 429 RATE_LIMITED with Retry-After', refused !== undefined
      && refused.json?.errors?.[0]?.extensions?.code === 'RATE_LIMITED' && Number(refused.headers.get('Retry-After')) > 0,
    () => `${refused?.status} ${refused?.text} Retry-After: ${refused?.headers.get('Retry-After')}`);
}

report();
