// A bearer token for the SPA sample's admin (POST /api/TokenAuth/Authenticate).
export async function bearerToken(url, userNameOrEmailAddress = 'admin', password = '123qwe') {
  const response = await fetch(`${new URL(url).origin}/api/TokenAuth/Authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tenancyName: '', userNameOrEmailAddress, password }),
  });
  const body = await response.json();
  if (!body.success) {
    throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  }
  return `Bearer ${body.result.accessToken}`;
}
