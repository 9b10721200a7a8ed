import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Sample Ad | Rupee Rewards" }];

/** The demo iframe ad: a page the site serves itself and lets only its own pages frame. */
export default function AdSample() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-600 to-brand-900 p-6 text-white">
      <div className="max-w-md text-center">
        <p className="text-xs font-semibold uppercase tracking-widest opacity-80">Advertisement</p>
        <h1 className="mt-2 text-3xl font-extrabold">Earn more with Rupee Rewards</h1>
        <p className="mt-3 text-sm opacity-90">
          View ads, click short links and complete tasks to grow your balance. Advertise your own link from
          the Advertiser page.
        </p>
      </div>
    </main>
  );
}
