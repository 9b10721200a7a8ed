import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";

/**
 * Toasts travel in a flash cookie: an action redirects with one, the root loader reads it and the
 * toaster shows it — with JavaScript off too (it hides itself by a CSS animation).
 */
export const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
  /** Milliseconds: 3000 by default, 10000 for a long error toast (spec 1 §8). */
  duration: z.number().int().positive().default(3000),
  /** Optional live countdown in milliseconds shown under the message ('Time remaining'). */
  countdownMs: z.number().int().nonnegative().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
const storages = new Map<string, ToastStorage>();
function toastStorage({ sessionSecret: secret, secureCookies }: AppLoadContext) {
  const key = `${secureCookies ? "s" : "-"}${secret}`;
  let s = storages.get(key);
  if (!s) {
    s = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: "toast",
        sameSite: "lax",
        path: "/",
        httpOnly: true,
        secrets: [secret],
        secure: secureCookies,
      },
    });
    storages.set(key, s);
  }
  return s;
}

export async function createToastHeaders(context: AppLoadContext, input: ToastInput): Promise<Headers> {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash("toast", ToastSchema.parse(input));
  return new Headers({ "set-cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: ToastInput,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const c of (await createToastHeaders(context, toast)).getSetCookie()) headers.append("set-cookie", c);
  return redirect(url, { ...init, headers });
}

export async function getToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const storage = toastStorage(context);
  const session = await storage.getSession(request.headers.get("cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: null };
  return {
    toast: parsed.data,
    headers: new Headers({ "set-cookie": await storage.destroySession(session) }),
  };
}
