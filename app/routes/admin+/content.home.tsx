import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { ListPage, type ListConfig } from "./content/list";
import { editParam, listAction } from "./content/list.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Home Page · Content · Operator Console") },
];

const CONFIG: ListConfig = {
  kind: "home-sections",
  page: "/admin/content/home",
  title: "Home page sections",
  singular: "a home page section",
  intro: "The boxes under the statistics on the home page, in this order. A new section goes last.",
  fields: [
    { name: "title", label: "Title", type: "text", max: 120, required: true },
    {
      name: "title_hi",
      label: "शीर्षक — Hindi (optional)",
      type: "text",
      max: 120,
      required: false,
      lang: "hi",
    },
    { name: "message", label: "Message", type: "html", max: 5000, required: true },
    {
      name: "message_hi",
      label: "संदेश — Hindi (optional)",
      type: "html",
      max: 5000,
      required: false,
      lang: "hi",
    },
  ],
  htmlField: "message",
  htmlFieldHi: "message_hi",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const d = await operatorRead(request, context, "/adminRoute/content/home-sections", {
    page: String(pageParam(url)),
  });
  return {
    pagination: d.pagination,
    editId: editParam(url),
    rows: d.records.map((r) => ({
      id: r.id,
      heading: r.title,
      html: r.message,
      headingHi: r.title_hi ?? "",
      htmlHi: r.message_hi ?? "",
      noHindi: !r.title_hi?.trim() || !r.message_hi?.trim(),
      values: {
        title: r.title,
        title_hi: r.title_hi ?? "",
        message: r.message,
        message_hi: r.message_hi ?? "",
      },
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, CONFIG);
}

export default function AdminContentHome() {
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
