// The page behind a token sign-in: without a token in this tab it is the login page's to show.
const TOKEN_KEY = 'svc.accessToken';
const token = sessionStorage.getItem(TOKEN_KEY);

if (!token) {
  window.location.replace('/ui/login');
}

// Log-out ends the token's session on the server, so the token stops working everywhere, then
// forgets it here.
document.getElementById('log-out').addEventListener('click', async () => {
  try {
    await fetch('/api/TokenAuth/LogOut', { headers: { Authorization: `Bearer ${token}` } });
  } finally {
    sessionStorage.removeItem(TOKEN_KEY);
    window.location.assign('/ui/login');
  }
});
