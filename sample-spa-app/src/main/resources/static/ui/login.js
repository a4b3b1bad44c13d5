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

const modes = {
  cookie: {
    label: 'a session cookie for this browser',
    url: '/ui/login',
    signedIn: (body) => body.targetUrl
  },
  token: {
    label: 'an access token kept by this tab',
    url: '/api/TokenAuth/Authenticate',
    signedIn: (body) => {
      sessionStorage.setItem(TOKEN_KEY, body.result.accessToken);
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

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  error.hidden = true;
  const { mode: modeName, ...credentials } = Object.fromEntries(new FormData(form));
  const mode = modes[modeName];
  try {
    const response = await fetch(mode.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify(credentials)
    });
    const body = await response.json();
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
