import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { formatTime } from "../../shared/time";

export const meta: MetaFunction = () => [{ title: "Messages · Operator Console" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return operatorRead(request, context, "/adminRoute/messages");
}

export default function AdminMessages() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Support Messages</h1>
      {d.records.length === 0 ? (
        <p className="card text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {d.records.map((m) => (
            <li key={m.id} className="card space-y-1 text-sm" data-testid="admin-message">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold">{m.subject}</h2>
                <time className="text-xs text-slate-500" dateTime={m.time}>
                  {formatTime(m.time)}
                </time>
              </div>
              <p className="text-slate-600">
                {m.name} ·{" "}
                <a className="text-brand-600 underline" href={`mailto:${m.email}`}>
                  {m.email}
                </a>{" "}
                · {m.mobile_number}
                {m.userName ? (
                  <>
                    {" "}
                    · member <span className="font-semibold">{m.userName}</span>
                  </>
                ) : (
                  " · visitor"
                )}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
