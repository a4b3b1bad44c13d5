// The graphql-http server audit (the GraphQL-over-HTTP specification's checks) against a running
// endpoint, as a signed-in user, since the audit introspects the schema and introspection is open
// to signed-in users only. Prints every check that is not ok and exits non-zero on any error; each
// warning that is left is explained in docs/decisions.md.
//
//   node audit.mjs http://localhost:8080/graphql token   (sign in at /api/TokenAuth/Authenticate)
//   node audit.mjs http://localhost:8081/graphql cookie  (sign in at /Account/Login)
import { serverAudits } from 'graphql-http';

const [url, signIn] = process.argv.slice(2);
if (!url || !['token', 'cookie'].includes(signIn)) {
  console.error('usage: node audit.mjs <endpoint url> token|cookie');
  process.exit(2);
}
const origin = new URL(url).origin;
const login = JSON.stringify({ tenancyName: '', userNameOrEmailAddress: 'admin', password: '123qwe' });

async function credentials() {
  if (signIn === 'token') {
    const response = await fetch(`${origin}/api/TokenAuth/Authenticate`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: login });
    const body = await response.json();
    return { Authorization: `Bearer ${body.result.accessToken}` };
  }
  const response = await fetch(`${origin}/Account/Login`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: login });
  const session = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  // a signed-in browser's GET runs as its user only with a header that needs a CORS preflight
  return { Cookie: session, 'GraphQL-Require-Preflight': '1' };
}

const signedIn = await credentials();
const fetchFn = (input, init = {}) => {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(signedIn)) {
    headers.set(name, value);
  }
  return fetch(input, { ...init, headers });
};

let ok = 0;
let warnings = 0;
let errors = 0;
for (const audit of serverAudits({ url, fetchFn })) {
  const result = await audit.fn();
  if (result.status === 'ok') {
    ok++;
    continue;
  }
  if (result.status === 'error') {
    errors++;
  } else {
    warnings++;
  }
  console.log(`${result.status.toUpperCase()} ${audit.id} ${audit.name}: ${result.reason}`);
}
console.log(`graphql-http audit of ${url}: ${ok} ok, ${warnings} warnings and notices, ${errors} errors`);
process.exit(errors > 0 ? 1 : 0);
