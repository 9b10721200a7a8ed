import { Link } from "@remix-run/react";

/** An operator whose roles do not open the overview: the sections their roles open. */
export function Sections({ sections }: { sections: { to: string; label: string }[] }) {
  return (
    <section aria-labelledby="your-sections" data-testid="your-sections">
      <h1 id="your-sections" className="text-2xl font-bold">
        Your sections
      </h1>
      <p className="mt-1 text-slate-600">
        The overview is for the site's owner. Your roles open these sections:
      </p>
      {sections.length > 0 ? (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="card block p-3 font-semibold text-brand-700 underline">
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">Your roles open no sections yet. Ask the site's owner for a role.</p>
      )}
    </section>
  );
}
