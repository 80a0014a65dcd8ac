// A real OpenID provider for the tests and journeys (issue 50 item 4): panva's OpenID-certified `oidc-provider`,
// with its own sign-in and consent pages (below), one confidential client and people whose e-mail, groups and amr
// the test sets. Not a mock: discovery, PKCE, signed ID tokens (its own keys), userinfo, RP-initiated logout.
//
//   node web/e2e/oidc/provider.mjs            (env below) prints `listening <port>` once it serves
//   OIDC_PORT              port to listen on (0: any free one; printed)
//   OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URIS (comma-separated), OIDC_LOGOUT_URIS (comma-separated)
//   OIDC_PEOPLE            JSON {login: {password, email, name, groups, amr, disabled}}
//
// The test's own door: POST /_test/people with that JSON replaces the people (a group removed, a person disabled).
// A disabled person's sign-in ends with error=access_denied, as a provider that says no.
import http from 'node:http';
import { once } from 'node:events';
import { Provider } from 'oidc-provider';

const env = process.env;
const server = http.createServer();
server.listen(Number(env.OIDC_PORT || 0), '127.0.0.1');
await once(server, 'listening');
const port = server.address().port;
const issuer = `http://127.0.0.1:${port}`;
let people = JSON.parse(env.OIDC_PEOPLE || '{}');
const list = (value) => (value || '').split(',').map((v) => v.trim()).filter(Boolean);

const provider = new Provider(issuer, {
  clients: [{
    client_id: env.OIDC_CLIENT_ID || 'cleanfleet',
    client_secret: env.OIDC_CLIENT_SECRET || 'cleanfleet-test-secret',
    redirect_uris: list(env.OIDC_REDIRECT_URIS),
    post_logout_redirect_uris: list(env.OIDC_LOGOUT_URIS),
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  }],
  claims: {
    openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'], groups: ['groups'],
  },
  scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
  conformIdTokenClaims: false, // the claims in the ID token too (groups), as Entra ID and Keycloak can send them
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
  cookies: { keys: ['cleanfleet-test-provider-cookie-key'] },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(ctx, id) {
    const person = people[id];
    if (!person) return undefined;
    return {
      accountId: id,
      async claims() {
        return {
          sub: id, email: person.email, email_verified: true, name: person.name || id,
          preferred_username: id, groups: person.groups || [],
        };
      },
    };
  },
});

const page = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${title}</title></head><body>
<h1>Test provider: ${title}</h1>${body}</body></html>`;
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function form(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

async function answerInteraction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session } = details;
  if (action === 'login') {
    const { login, password } = await form(req);
    const person = people[login];
    if (!person || person.password !== password) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page('Sign in', `<p role="alert">Wrong name or password</p>${loginForm(uid, login)}`));
      return;
    }
    const result = person.disabled
      ? { error: 'access_denied', error_description: 'account disabled' }
      : { login: { accountId: login, amr: person.amr || ['pwd'] } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return;
  }
  if (action === 'confirm') {
    await form(req);
    const grant = details.grantId ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    grant.addOIDCScope(params.scope);
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true });
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' });
  if (prompt.name === 'login') {
    res.end(page('Sign in', loginForm(uid, params.login_hint || '')));
  } else {
    res.end(page('Allow access', `<p>${escape(params.client_id)} asks for: ${escape(params.scope)}</p>
<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>`));
  }
}

function loginForm(uid, login) {
  return `<form method="post" action="/interaction/${uid}/login">
<label>Name <input name="login" value="${escape(login)}" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>`;
}

const handle = provider.callback();
server.on('request', async (req, res) => {
  try {
    const path = new URL(req.url, issuer).pathname;
    const match = path.match(/^\/interaction\/([^/]+)(?:\/(login|confirm))?$/);
    if (req.method === 'POST' && path === '/_test/people') {
      let body = '';
      for await (const chunk of req) body += chunk;
      people = JSON.parse(body);
      res.writeHead(204).end();
      return;
    }
    if (match) {
      await answerInteraction(req, res, match[1], match[2]);
      return;
    }
    handle(req, res);
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(String(error && error.message));
  }
});
console.log(`listening ${port}`);
