import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/utils/meta";
import { memberRead } from "~/utils/api.server";
import { Instructions } from "~/components/instructions";
import { TaskWallSummary } from "~/components/task-wall-summary";
import { soundToggleAnswer } from "~/utils/sound.server";
import { TASK_WALL_SOUND_COOKIE, TASK_WALLS_PATH, viewerPath } from "~/utils/task-walls";
import { INVALID_REQUEST, invariantResponse } from "~/utils/invariant";
import { memberRestrictions } from "~/utils/restrictions.server";
import { RestrictionNotice } from "~/components/restriction-notice";
import { PendingCredits, pendingCreditsView } from "~/components/pending-credits";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "earn.taskWalls") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [d, restrictions] = await Promise.all([
    memberRead(request, context, "/userIncomeRoute/user_offerWall_get"),
    memberRestrictions(request, context),
  ]);
  return {
    restrictions,
    walls: d.offerWallData_after_replace ?? [],
    summary: {
      today_offerWallIncome: d.today_offerWallIncome,
      total_offerWall: d.total_offerWall,
      today_completed: d.today_completed,
    },
    instructions: d.other_data_offerWalls_instructions ?? [],
    pending: pendingCreditsView(d.pending_offerWall, d.pending_offerWall_credits),
  };
}

/**
 * The viewer's sound toggle posts here (one action for every viewer address): the preference is
 * remembered, then the member goes back to the viewer they were on.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  invariantResponse(form.get("intent") === "sound", INVALID_REQUEST);
  const back = String(form.get("back") ?? "");
  const safeBack = back.startsWith(`${TASK_WALLS_PATH}/`) ? back : TASK_WALLS_PATH;
  return soundToggleAnswer(form, context, safeBack, TASK_WALL_SOUND_COOKIE);
}

export default function TaskWallsPage() {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <h1 className="text-2xl font-bold">{t("earn.taskWalls.heading")}</h1>
      <RestrictionNotice restrictions={d.restrictions} kind="earning" />
      <TaskWallSummary balance={d.summary} />
      <PendingCredits pending={d.pending} />
      {d.walls.length === 0 ? (
        <div className="card py-8 text-center">
          <p className="font-semibold">{t("earn.taskWalls.none")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("earn.taskWalls.checkLater")}</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("earn.taskWalls.list")}>
          {d.walls.map((w) => (
            <li key={w._id} className="card flex flex-col gap-3" data-testid="task-wall">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg font-bold text-brand-700"
                >
                  {w.offerWallName.slice(0, 1).toUpperCase()}
                </span>
                <h2 className="font-semibold">{w.offerWallName}</h2>
              </div>
              <p className="text-sm text-slate-600">{t("earn.taskWalls.blurb")}</p>
              <Link
                to={viewerPath(w.offerWallApiLink)}
                className="btn-primary w-full"
                aria-label={t("earn.taskWalls.startNamed", { name: w.offerWallName })}
              >
                {t("earn.taskWalls.start")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Instructions items={d.instructions} />
    </div>
  );
}
