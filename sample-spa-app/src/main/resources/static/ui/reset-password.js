// The page where a user who must change its password sets a new one, with the one-time code the
// login answered (kept by this tab), then logs in with it.
const RESET_KEY = 'svc.passwordReset';
const pending = JSON.parse(sessionStorage.getItem(RESET_KEY) || 'null');

if (!pending) {
  window.location.replace('/ui/login');
}

const form = document.getElementById('reset-form');
const error = document.getElementById('error');
const button = form.querySelector('button');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  button.disabled = true;
  error.hidden = true;
  try {
    const response = await fetch('/ui/reset-password', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify({ ...pending, password: new FormData(form).get('password') })
    });
    const body = await response.json();
    if (body.success) {
      sessionStorage.removeItem(RESET_KEY);
      window.location.assign('/ui/login?passwordChanged');
      return;
    }
    error.textContent = body.error.message;
  } catch (e) {
    error.textContent = 'The server could not be reached. Please try again.';
  }
  error.hidden = false;
  button.disabled = false;
});
