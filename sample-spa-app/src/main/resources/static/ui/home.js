// Log-out ends the session cookie's session on the server (a JSON post, which no other site can
// send without asking), then goes to the login page.
document.getElementById('log-out').addEventListener('click', async () => {
  const response = await fetch('/ui/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
    body: '{}'
  });
  window.location.assign((await response.json()).targetUrl);
});
