import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { formatTime } from "../../../shared/time";
import { istLocal, shortText } from "./content/editor";
import { ListPage, type ListConfig } from "./content/list";
import { editParam, listAction } from "./content/list.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Announcements · Content · Operator Console") },
];

const CONFIG: ListConfig = {
  kind: "announcements",
  page: "/admin/content/announcements",
  title: "Announcements",
  singular: "an announcement",
  intro:
    "Shown on every member's dashboard, in this order, written in Markdown. A new announcement goes first; move it to change the order.",
  fields: [
    { name: "message", label: "Message — English", type: "markdown", max: 5000, required: true },
    {
      name: "message_hi",
      label: "संदेश — Hindi (optional)",
      type: "markdown",
      max: 5000,
      required: false,
      lang: "hi",
    },
    {
      name: "time",
      label: "Time (IST)",
      type: "time",
      max: 20,
      required: false,
      hint: "The time members see. Leave it empty for now.",
    },
  ],
  htmlField: "message",
  htmlFieldHi: "message_hi",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const d = await operatorRead(request, context, "/adminRoute/content/announcements", {
    page: String(pageParam(url)),
  });
  return {
    pagination: d.pagination,
    editId: editParam(url),
    rows: d.records.map((r) => ({
      id: r.id,
      heading: `${formatTime(r.time)} · ${shortText(r.message_html ?? r.message, 50)}`,
      // As members see it; the form gets the Markdown as written.
      html: r.message_html ?? "",
      htmlHi: r.message_hi_html ?? "",
      noHindi: !r.message_hi?.trim(),
      values: { message: r.message, message_hi: r.message_hi ?? "", time: istLocal(r.time) },
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, CONFIG);
}

export default function AdminContentAnnouncements() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ListPage
      config={CONFIG}
      rows={d.rows}
      pagination={d.pagination}
      editId={d.editId}
      actionData={actionData}
    />
  );
}
