import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Account } from "oidc-provider";

/**
 * A local OpenID provider standing in for Google in tests: its own login page accepts any e-mail
 * (any password) and its consent page grants `openid profile email`. The ID token carries `email`,
 * `email_verified` and `name`, as Google's does. PKCE is required (the provider's default).
 */
export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** The account behind a login name: `name@host` as typed, or `name@example.test`. */
export function accountFor(login: string): Account {
  const email = login.includes("@") ? login.toLowerCase() : `${login.toLowerCase()}@example.test`;
  const local = email.split("@")[0] ?? "member";
  return {
    accountId: email,
    claims: () => ({
      // The provider uses the account id (the e-mail typed at its login page) as `sub`.
      sub: email,
      email,
      email_verified: true,
      name: local.charAt(0).toUpperCase() + local.slice(1),
    }),
  };
}

export async function startOidcProvider(opts: OidcProviderOptions): Promise<OidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // All interfaces: "localhost" may resolve to ::1 or 127.0.0.1.
    server.listen(opts.port ?? 0, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return accountFor(id);
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Google puts the profile claims in the ID token of the code flow; do the same.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-oidc-cookie-key-0000000000000000"] },
  });
  // The development interactions warn on every start; tests know.
  provider.on("server_error", (_ctx, err) => console.error("oidc-provider:", err));
  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
