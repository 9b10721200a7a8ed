import { pageTitle } from "~/utils/meta";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { operatorRead } from "~/utils/admin.server";
import { pageParam } from "~/utils/pagination";
import { ListPage, type ListConfig } from "./content/list";
import { editParam, listAction } from "./content/list.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "FAQ · Content · Operator Console") },
];

const CONFIG: ListConfig = {
  kind: "faq",
  page: "/admin/content/faq",
  title: "FAQ",
  singular: "an FAQ item",
  intro: "The questions and answers at the foot of the home page, in this order. A new item goes last.",
  fields: [
    { name: "question", label: "Question", type: "text", max: 300, required: true },
    {
      name: "question_hi",
      label: "प्रश्न — Hindi (optional)",
      type: "text",
      max: 300,
      required: false,
      lang: "hi",
    },
    { name: "answer", label: "Answer", type: "html", max: 5000, required: true },
    {
      name: "answer_hi",
      label: "उत्तर — Hindi (optional)",
      type: "html",
      max: 5000,
      required: false,
      lang: "hi",
    },
  ],
  htmlField: "answer",
  htmlFieldHi: "answer_hi",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const d = await operatorRead(request, context, "/adminRoute/content/faq", { page: String(pageParam(url)) });
  return {
    pagination: d.pagination,
    editId: editParam(url),
    rows: d.records.map((r) => ({
      id: r.id,
      heading: r.question,
      html: r.answer,
      headingHi: r.question_hi ?? "",
      htmlHi: r.answer_hi ?? "",
      noHindi: !r.question_hi?.trim() || !r.answer_hi?.trim(),
      values: {
        question: r.question,
        question_hi: r.question_hi ?? "",
        answer: r.answer,
        answer_hi: r.answer_hi ?? "",
      },
    })),
  };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, CONFIG);
}

export default function AdminContentFaq() {
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
