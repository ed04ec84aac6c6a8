/** The sign-in page: plain HTML from the server so it works before (and without) the web app. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface LoginPageModel {
  returnUrl: string;
  login?: string;
  error?: string;
  /** Where "Sign in with single sign-on" starts, when OpenID Connect is configured. */
  ssoUrl?: string;
}

export function renderLoginPage(model: LoginPageModel): string {
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  const sso = model.ssoUrl
    ? `<div class="or"><span>or</span></div><a class="sso" href="${escapeHtml(model.ssoUrl)}">Sign in with single sign-on</a>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Manway</title>
<link rel="icon" href="data:,">
<style>
  :root { --primary: #e8730c; --primary-dark: #c25e05; --text: #1f2933; --muted: #52606d; --line: #d9dee3; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
         color: var(--text); background: linear-gradient(160deg, #fff7ef 0%, #f3f5f7 55%); }
  main { width: min(24rem, calc(100vw - 2rem)); background: #fff; border: 1px solid var(--line); border-radius: 12px;
         box-shadow: 0 10px 30px rgba(31, 41, 51, .08); padding: 2rem; }
  .brand { display: flex; align-items: center; gap: .6rem; margin-bottom: 1.5rem; }
  .logo { width: 2.25rem; height: 2.25rem; border-radius: 50%; background: var(--primary); display: grid; place-items: center; }
  .logo::after { content: ""; width: 1rem; height: 1rem; border-radius: 50%; border: 3px solid #fff; }
  h1 { font-size: 1.4rem; margin: 0; }
  .tag { color: var(--muted); font-size: .9rem; margin: 0; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 1rem 0 .3rem; }
  input { width: 100%; padding: .65rem .75rem; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  input:focus { outline: 3px solid rgba(232, 115, 12, .35); border-color: var(--primary); }
  button, .sso { display: block; width: 100%; margin-top: 1.5rem; padding: .7rem; border: 0; border-radius: 8px; font: inherit; font-weight: 600;
           text-align: center; text-decoration: none; cursor: pointer; background: var(--primary); color: #fff; }
  button:hover { background: var(--primary-dark); }
  .sso { background: #fff; color: var(--primary-dark); border: 1px solid var(--primary); margin-top: 0; }
  .or { display: flex; align-items: center; gap: .75rem; color: var(--muted); font-size: .85rem; margin: 1.25rem 0; }
  .or::before, .or::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
  .error { background: #fdecea; color: #8a1c12; border-radius: 8px; padding: .6rem .75rem; margin: 0 0 .5rem; }
</style>
</head>
<body>
<main>
  <div class="brand"><div class="logo" aria-hidden="true"></div><div><h1>Manway</h1><p class="tag">Network inspection and maintenance</p></div></div>
  ${error}
  <form method="post" action="/api/account/login">
    <input type="hidden" name="returnUrl" value="${escapeHtml(model.returnUrl)}">
    <label for="login">Login</label>
    <input id="login" name="login" autocomplete="username" required autofocus value="${escapeHtml(model.login ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>
  ${sso}
</main>
</body>
</html>`;
}
