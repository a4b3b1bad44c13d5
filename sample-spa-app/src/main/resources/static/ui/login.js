// The login view of the single-page front end: it renders the form and signs the user in either
// with a session cookie for this browser (a JSON post to /ui/login) or with an access token that
// this tab keeps (the token endpoint), then goes to the page that links the playground.
const fields = [
  { name: 'tenancyName', label: 'Tenancy name', hint: '(empty for the host)', autocomplete: 'organization' },
  { name: 'userNameOrEmailAddress', label: 'User name or e-mail address', required: true, autocomplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', required: true, autocomplete: 'current-password' }
];

// The playground offers a token it finds under this key as the Authorization header.
const TOKEN_KEY = 'svc.accessToken';

// A user who must change its password: its id and one-time reset code, for the reset page.
const RESET_KEY = 'svc.passwordReset';

// The token with which this browser skips the second step of two-factor sign-in for a while, when
// it signs in for a token (a cookie sign-in gets it as an HttpOnly cookie instead).
const REMEMBERED_KEY = 'svc.twoFactorRememberClientToken';

const modes = {
  cookie: {
    label: 'a session cookie for this browser',
    url: '/ui/login',
    passkeyUrl: '/ui/login/Passkey',
    signedIn: (body) => body.targetUrl
  },
  token: {
    label: 'an access token kept by this tab',
    url: '/api/TokenAuth/Authenticate',
    passkeyUrl: '/api/TokenAuth/PasskeyAuthenticate',
    signedIn: (body) => {
      sessionStorage.setItem(TOKEN_KEY, body.result.accessToken);
      if (body.result.twoFactorRememberClientToken) {
        localStorage.setItem(REMEMBERED_KEY, body.result.twoFactorRememberClientToken);
      }
      return '/ui/token';
    }
  }
};

const form = document.getElementById('login-form');
const error = document.getElementById('error');

if (new URLSearchParams(window.location.search).has('passwordChanged')) {
  document.getElementById('status').textContent = 'Your password has been changed. Log in with the new one.';
}

for (const field of fields) {
  const label = document.createElement('label');
  label.append(field.label + ' ');
  if (field.hint) {
    const hint = document.createElement('small');
    hint.textContent = field.hint;
    label.append(hint);
  }
  const input = Object.assign(document.createElement('input'),
    { name: field.name, type: field.type || 'text', required: !!field.required, autocomplete: field.autocomplete });
  label.append(input);
  form.append(label);
}

const choice = document.createElement('fieldset');
const legend = document.createElement('legend');
legend.textContent = 'Sign in with';
choice.append(legend);
for (const [value, mode] of Object.entries(modes)) {
  const label = document.createElement('label');
  label.className = 'choice';
  label.append(Object.assign(document.createElement('input'),
    { type: 'radio', name: 'mode', value, checked: value === 'cookie' }), ' ' + mode.label);
  choice.append(label);
}
form.append(choice);

const button = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Log in' });
form.append(button);

// A passkey signs in with no name typed: the module's script (passkey.js) asks the browser for one
// of this site's passkeys and posts it to the sign-in of the chosen mode.
const passkey = Object.assign(document.createElement('button'),
  { type: 'button', id: 'passkey-sign-in', textContent: 'Log in with a passkey' });
form.after(passkey);
passkey.addEventListener('click', async () => {
  passkey.disabled = true;
  error.hidden = true;
  const mode = modes[new FormData(form).get('mode')];
  try {
    const body = await window.svcPasskeys.signIn({ url: mode.passkeyUrl });
    if (body.success) {
      window.location.assign(mode.signedIn(body));
      return;
    }
    error.textContent = body.error.message;
  } catch (e) {
    error.textContent = e.name === 'NotAllowedError' ? 'No passkey was chosen.' : 'The passkey could not be used.';
  }
  error.hidden = false;
  passkey.disabled = false;
});

// The second step of two-factor sign-in: a code field, and buttons that have a code sent
const secondStep = document.createElement('fieldset');
secondStep.id = 'second-step';
secondStep.hidden = true;
const codeLabel = document.createElement('label');
codeLabel.append('Security code ');
codeLabel.append(Object.assign(document.createElement('input'), {
  name: 'twoFactorVerificationCode', inputMode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxLength: 6
}));
const rememberLabel = document.createElement('label');
rememberLabel.className = 'choice';
rememberLabel.append(Object.assign(document.createElement('input'), { type: 'checkbox', name: 'rememberClient' }),
  ' Remember this browser');
secondStep.append(codeLabel, rememberLabel);
form.insertBefore(secondStep, button);

const senders = { Email: 'Send me a code by e-mail', Phone: 'Send me a code by text message' };

function askForTheSecondFactor(result) {
  if (!secondStep.hidden) {
    return;
  }
  secondStep.hidden = false;
  const code = secondStep.querySelector('input[name=twoFactorVerificationCode]');
  code.required = true;
  for (const provider of result.twoFactorAuthProviders.filter((p) => senders[p])) {
    const send = Object.assign(document.createElement('button'), { type: 'button', textContent: senders[provider] });
    send.addEventListener('click', async () => {
      const sent = await fetch('/api/TokenAuth/SendTwoFactorAuthCode', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId: result.userId, provider })
      });
      document.getElementById('status').textContent = sent.status === 429
        ? `A code went to you moments ago. Ask for another in ${sent.headers.get('Retry-After')} seconds.`
        : 'A code is on its way.';
    });
    secondStep.append(send);
  }
  document.getElementById('status').textContent = result.twoFactorAuthProviders.includes('GoogleAuthenticator')
    ? 'Enter the code your authenticator app shows.' : 'Have a code sent to you, then enter it.';
  code.focus();
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  error.hidden = true;
  const { mode: modeName, rememberClient, ...credentials } = Object.fromEntries(new FormData(form));
  const mode = modes[modeName];
  credentials.rememberClient = rememberClient === 'on';
  if (modeName === 'token' && localStorage.getItem(REMEMBERED_KEY)) {
    credentials.twoFactorRememberClientToken = localStorage.getItem(REMEMBERED_KEY);
  }
  try {
    const response = await fetch(mode.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify(credentials)
    });
    const body = await response.json();
    if (body.result && body.result.requiresTwoFactorVerification) {
      askForTheSecondFactor(body.result);
      button.disabled = false;
      return;
    }
    if (body.result && body.result.shouldResetPassword) {
      // no session and no token yet: the reset page sets a new password with this one-time code
      sessionStorage.setItem(RESET_KEY, JSON.stringify({ userId: body.result.userId, resetCode: body.result.passwordResetCode }));
      window.location.assign('/ui/reset-password');
      return;
    }
    if (body.success) {
      window.location.assign(mode.signedIn(body));
      return;
    }
    error.textContent = body.error.message;
  } catch (e) {
    error.textContent = 'The server could not be reached. Please try again.';
  }
  error.hidden = false;
  button.disabled = false;
});
