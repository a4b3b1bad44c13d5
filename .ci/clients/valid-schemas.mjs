// Every demo user's schema, as introspection and the schema printer show it, is a valid GraphQL
// schema by graphql-js's own validateSchema, which GraphiQL, GraphQL Code Generator and Apollo's
// tools run; a user that may use no query field among them.
//
//   node valid-schemas.mjs http://127.0.0.1:18080/graphql
import { buildClientSchema, buildSchema, getIntrospectionQuery, validateSchema } from 'graphql';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node valid-schemas.mjs <endpoint url>');
  process.exit(2);
}

const users = [
  ['', 'admin'],
  ['', 'auditor'],
  ['Default', 'admin'],
  ['Default', 'jdoe'],
  ['Second', 'admin'],
];

async function bearerToken(tenancyName, userNameOrEmailAddress) {
  const response = await fetch(`${new URL(url).origin}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tenancyName, userNameOrEmailAddress, password: '123qwe' }),
  });
  const body = await response.json();
  if (!body.success) {
    throw new Error(`sign-in of ${tenancyName}/${userNameOrEmailAddress} failed: ${JSON.stringify(body)}`);
  }
  return `Bearer ${body.result.accessToken}`;
}

let passed = 0;
let failed = 0;
for (const [tenancyName, user] of users) {
  const name = `${tenancyName || 'host'}/${user}`;
  const authorization = await bearerToken(tenancyName, user);
  const introspection = await (await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: authorization },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  })).json();
  const printed = await (await fetch(`${url}/schema`, { headers: { Authorization: authorization } })).text();
  const problems = [];
  if (introspection.errors) {
    problems.push(`introspection answered errors: ${JSON.stringify(introspection.errors)}`);
  } else {
    const schema = buildClientSchema(introspection.data);
    problems.push(...validateSchema(schema).map((error) => `introspection: ${error.message}`));
    const fields = Object.keys(schema.getQueryType().getFields());
    console.log(`${name}: Query { ${fields.join(' ')} }`);
  }
  try {
    problems.push(...validateSchema(buildSchema(printed)).map((error) => `printed schema: ${error.message}`));
  } catch (error) {
    problems.push(`printed schema: ${error.message}`);
  }
  if (problems.length === 0) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${name}: ${problems.join('; ')}`);
  }
}
console.log(`every demo user's schema validates: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
