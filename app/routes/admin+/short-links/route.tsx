import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { operatorRead } from "~/utils/admin.server";
import { shortLinksAction } from "./action.server";
import { LinkForm } from "./link-form";
import { SettingsForm } from "./settings-form";
import { ShortenerForm } from "./shortener-form";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Short Links · Operator Console") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [shorteners, links, settings] = await Promise.all([
    operatorRead(request, context, "/adminRoute/shorteners"),
    operatorRead(request, context, "/adminRoute/shortLinks"),
    operatorRead(request, context, "/adminRoute/shortLinkSettings"),
  ]);
  return { shorteners: shorteners.records, links: links.records, settings };
}

/** Each form's change, sent to the API; a refused form answers its own errors. */
export async function action(args: ActionFunctionArgs) {
  return shortLinksAction(args);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

/** Shorteners, the links members complete, and the short-link settings (every change is audited). */
export default function AdminShortLinks() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Short Links</h1>
        <p className="text-sm text-slate-600">
          Members start a link, pass the shortener and claim on the end page. Shorteners speak the AdLinkFly
          API (or are the site's built-in one); each link pays its amount up to its clicks per day.
        </p>
      </div>

      <Section id="links" title="Links">
        {d.links.map((l) => (
          <LinkForm key={l.id} link={l} shorteners={d.shorteners} />
        ))}
        <LinkForm shorteners={d.shorteners} />
      </Section>
      <Section id="shorteners" title="Shorteners">
        {d.shorteners.map((s) => (
          <ShortenerForm key={s.id} shortener={s} />
        ))}
        <ShortenerForm />
      </Section>
      <Section id="settings" title="Settings">
        <SettingsForm settings={d.settings} />
      </Section>
    </div>
  );
}
