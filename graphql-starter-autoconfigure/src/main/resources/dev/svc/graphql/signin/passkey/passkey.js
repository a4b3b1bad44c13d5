// Passkeys for the pages of a host of the GraphQL module, served from the module's jar: no script
// from elsewhere, and the browser's own WebAuthn API. window.svcPasskeys signs in, registers, lists
// and removes passkeys through the module's endpoints (/api/Passkey/...); on load it wires the
// page's elements that ask for it by attribute, since the pages allow no inline script:
//   <button data-passkey-sign-in="/Account/Login/Passkey">  signs in, then goes to the answer's targetUrl
//   <form data-passkey-register> with inputs "password" and "label"  registers a passkey
//   <ul data-passkey-list>  lists the user's passkeys, each with a button that removes it (the
//                           password comes from the register form's "password" input)
//   <p data-passkey-message>  shows what happened
//   data-passkey-token-key="svc.accessToken" on <body>: the bearer token in sessionStorage, for a
//   page signed in with a token rather than a session cookie
(() => {
  const API = '/api/Passkey';

  function decode(text) {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
  }

  function encode(buffer) {
    let binary = '';
    for (const byte of new Uint8Array(buffer)) {
      binary += String.fromCharCode(byte);
    }
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function headers(token, extra) {
    const all = Object.assign({ 'Content-Type': 'application/json', 'Accept': 'application/json' }, extra || {});
    if (token) {
      all.Authorization = 'Bearer ' + token;
    }
    return all;
  }

  async function post(url, body, token, extra) {
    const response = await fetch(url, {
      method: 'POST', credentials: 'same-origin', headers: headers(token, extra), body: JSON.stringify(body || {})
    });
    let answer;
    try {
      answer = await response.json();
    } catch (e) {
      answer = { success: false, error: { message: 'The server answered ' + response.status + '.' } };
    }
    answer.status = response.status;
    return answer;
  }

  function credentialJson(credential) {
    const response = credential.response;
    const json = {
      id: credential.id,
      rawId: encode(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: { clientDataJSON: encode(response.clientDataJSON) }
    };
    if (response.attestationObject) {
      json.response.attestationObject = encode(response.attestationObject);
      json.response.transports = response.getTransports ? response.getTransports() : [];
    } else {
      json.response.authenticatorData = encode(response.authenticatorData);
      json.response.signature = encode(response.signature);
      json.response.userHandle = response.userHandle ? encode(response.userHandle) : undefined;
    }
    return json;
  }

  // signs in with any passkey of this site; url: the sign-in path that takes the credential
  async function signIn({ url, token, tenantId }) {
    const extra = tenantId ? { 'Svc-TenantId': String(tenantId) } : {};
    const options = await post(API + '/SignInOptions', {}, null, extra);
    if (!options.success) {
      return options;
    }
    const publicKey = Object.assign({}, options.result, {
      challenge: decode(options.result.challenge),
      allowCredentials: (options.result.allowCredentials || []).map((c) => Object.assign({}, c, { id: decode(c.id) }))
    });
    const credential = await navigator.credentials.get({ publicKey });
    return post(url, credentialJson(credential), token, extra);
  }

  async function register({ password, label, token }) {
    const options = await post(API + '/RegistrationOptions', {}, token);
    if (!options.success) {
      return options;
    }
    const publicKey = Object.assign({}, options.result, {
      challenge: decode(options.result.challenge),
      user: Object.assign({}, options.result.user, { id: decode(options.result.user.id) }),
      excludeCredentials: (options.result.excludeCredentials || [])
        .map((c) => Object.assign({}, c, { id: decode(c.id) }))
    });
    const credential = await navigator.credentials.create({ publicKey });
    return post(API + '/Register', { password, label, credential: credentialJson(credential) }, token);
  }

  const list = ({ token } = {}) => post(API + '/List', {}, token);
  const remove = ({ id, password, token }) => post(API + '/Remove', { id, password }, token);

  window.svcPasskeys = { signIn, register, list, remove };

  function wire() {
    const tokenKey = document.body.dataset.passkeyTokenKey;
    const token = tokenKey ? sessionStorage.getItem(tokenKey) : null;
    const message = document.querySelector('[data-passkey-message]');
    const say = (text) => {
      if (message) {
        message.textContent = text;
      }
    };
    const failed = (e) => say(e && e.name === 'NotAllowedError' ? 'No passkey was chosen.' : 'The passkey could not be used: ' + e.message);

    for (const button of document.querySelectorAll('[data-passkey-sign-in]')) {
      button.addEventListener('click', async () => {
        button.disabled = true;
        try {
          const answer = await signIn({ url: button.dataset.passkeySignIn, token });
          if (answer.success) {
            window.location.assign(answer.targetUrl || '/');
            return;
          }
          say(answer.error.message);
        } catch (e) {
          failed(e);
        }
        button.disabled = false;
      });
    }

    const form = document.querySelector('form[data-passkey-register]');
    const listed = document.querySelector('[data-passkey-list]');

    async function show() {
      if (!listed) {
        return;
      }
      const answer = await list({ token });
      listed.replaceChildren();
      if (!answer.success) {
        say(answer.error.message);
        return;
      }
      for (const passkey of answer.result.items) {
        const item = document.createElement('li');
        item.dataset.passkeyId = passkey.id;
        const used = passkey.lastUsedTime ? 'last used ' + passkey.lastUsedTime : 'not used yet';
        item.append(passkey.label + ' (added ' + passkey.createdTime + ', ' + used + ') ');
        const button = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Remove' });
        button.addEventListener('click', async () => {
          const password = form ? form.elements.password.value : '';
          if (!password) {
            say('Give your password above to remove a passkey.');
            return;
          }
          const removed = await remove({ id: passkey.id, password, token });
          say(removed.success ? 'The passkey "' + passkey.label + '" is removed.' : removed.error.message);
          show();
        });
        item.append(button);
        listed.append(item);
      }
    }

    if (form) {
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        try {
          const answer = await register({
            password: form.elements.password.value, label: form.elements.label.value, token
          });
          say(answer.success ? 'The passkey "' + form.elements.label.value + '" is added.' : answer.error.message);
          if (answer.success) {
            form.elements.label.value = '';
          }
        } catch (e) {
          failed(e);
        }
        show();
      });
    }
    show();
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', wire);
  } else {
    wire();
  }
})();
