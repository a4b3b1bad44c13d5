// Signs the browser in with a session cookie, then goes to the page the server names.
document.getElementById('login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById('error');
  const button = form.querySelector('button');
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
