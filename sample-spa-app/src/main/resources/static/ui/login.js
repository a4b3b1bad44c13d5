// The login view of the single-page front end: it renders the form, signs the browser in with a
// session cookie through a JSON post, then goes to the page the server names.
const fields = [
  { name: 'tenancyName', label: 'Tenancy name', hint: '(empty for the host)', autocomplete: 'organization' },
  { name: 'userNameOrEmailAddress', label: 'User name or e-mail address', required: true, autocomplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', required: true, autocomplete: 'current-password' }
];

const form = document.getElementById('login-form');
const error = document.getElementById('error');

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
const button = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Log in' });
form.append(button);

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  error.hidden = true;
  try {
    const response = await fetch('/ui/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify(Object.fromEntries(new FormData(form)))
    });
    const body = await response.json();
    if (body.success) {
      window.location.assign(body.targetUrl);
      return;
    }
    error.textContent = body.error.message;
  } catch (e) {
    error.textContent = 'The server could not be reached. Please try again.';
  }
  error.hidden = false;
  button.disabled = false;
});
