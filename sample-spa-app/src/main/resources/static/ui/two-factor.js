// Setting up two-factor sign-in with an authenticator app, for the signed-in user of this page:
// by its session cookie on the home page, by the tab's access token on the token page. Turning it
// on or off asks for the password again. The browsers that skip the code are listed, and each can
// be forgotten. The module answers JSON posts only, which no other site
// can send without asking.
const section = document.getElementById('two-factor');
// static markup, no user data: the key and the link are set as text and attribute below
section.innerHTML = `
  <h2>Two-factor sign-in</h2>
  <p><button type="button" id="two-factor-setup">Set up an authenticator app</button></p>
  <div id="two-factor-pending" hidden>
    <p>Add this account to your authenticator app: open <a id="two-factor-uri">this link</a> on the phone
      that has it, or type the key <code id="two-factor-key"></code>. Then enter the code it shows.</p>
    <form id="two-factor-enable">
      <label>Your password <input name="password" type="password" required autocomplete="current-password"></label>
      <label>Code <input name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength="6"
        autocomplete="one-time-code"></label>
      <button type="submit">Turn on</button>
    </form>
  </div>
  <form id="two-factor-disable">
    <label>Your password <input name="password" type="password" required autocomplete="current-password"></label>
    <label>Code from your app <input name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength="6"
      autocomplete="one-time-code"></label>
    <button type="submit">Turn off</button>
  </form>
  <h3>Remembered browsers</h3>
  <p>These skip the code while your password and your authenticator app stay the same.</p>
  <ul id="two-factor-clients"></ul>
  <p role="status" id="two-factor-status"></p>`;
const status = document.getElementById('two-factor-status');

function headers() {
  const headers = { 'Content-Type': 'application/json', 'Accept': 'application/json' };
  if (section.dataset.auth === 'token') {
    headers.Authorization = `Bearer ${sessionStorage.getItem('svc.accessToken')}`;
  }
  return headers;
}

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: headers(), body: JSON.stringify(body) });
  return response.json();
}

const clients = document.getElementById('two-factor-clients');

async function listClients() {
  const body = await post('/api/TokenAuth/TwoFactor/RememberedClients', {});
  clients.replaceChildren();
  if (!body.success) {
    return;
  }
  if (body.result.items.length === 0) {
    const none = document.createElement('li');
    none.textContent = 'None.';
    clients.append(none);
  }
  for (const client of body.result.items) {
    const item = document.createElement('li');
    item.textContent = `Remembered ${client.rememberedTime}, until ${client.expiry} `;
    const forget = document.createElement('button');
    forget.type = 'button';
    forget.textContent = 'Forget';
    forget.dataset.clientId = client.id;
    forget.addEventListener('click', async () => {
      const forgotten = await post('/api/TokenAuth/TwoFactor/RememberedClients/Forget', { id: client.id });
      status.textContent = forgotten.success ? 'That browser takes the second step again.' : forgotten.error.message;
      await listClients();
    });
    item.append(forget);
    clients.append(item);
  }
}

listClients();

document.getElementById('two-factor-setup').addEventListener('click', async () => {
  const body = await post('/api/TokenAuth/TwoFactor/Authenticator', {});
  if (!body.success) {
    status.textContent = body.error.message;
    return;
  }
  document.getElementById('two-factor-key').textContent = body.result.authenticatorKey;
  document.getElementById('two-factor-uri').href = body.result.otpauthUri;
  document.getElementById('two-factor-pending').hidden = false;
  status.textContent = '';
});

for (const [id, path, done] of [
  ['two-factor-enable', '/api/TokenAuth/TwoFactor/Authenticator/Enable', 'Two-factor sign-in is on.'],
  ['two-factor-disable', '/api/TokenAuth/TwoFactor/Disable', 'Two-factor sign-in is off.']
]) {
  const form = document.getElementById(id);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    const body = await post(path, { password: fields.get('password'), code: fields.get('code') });
    status.textContent = body.success ? done : body.error.message;
    if (body.success) {
      form.reset();
      document.getElementById('two-factor-pending').hidden = true;
      await listClients();
    }
  });
}
