import { Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { z } from "zod";
import { ErrorList, Field } from "./forms";
import {
  PRIVACY_MESSAGES,
  PRIVACY_PURPOSES,
  REQUIRED_PURPOSES,
  type AgeCheck,
  type PrivacyPurpose,
} from "../../shared/privacyNotice";

/**
 * The privacy notice (issue 44 §1): each purpose with what is collected, why, whether it is
 * required, and what withdrawing stops; then analytics (none) and the member's rights. Its words
 * are the catalogue's `privacy.notice.*`; its version is shared/privacyNotice.ts's.
 */
/**
 * The notice: in a form (sign-up, the consent step) a scrolling box under the form's heading; on
 * its own page (`page`) the page's heading and its whole height.
 */
export function PrivacyNotice({
  version,
  id = "privacy-notice",
  page = false,
}: {
  version: number;
  id?: string;
  page?: boolean;
}) {
  const { t } = useTranslation();
  const isRequired = (p: PrivacyPurpose) => (REQUIRED_PURPOSES as readonly string[]).includes(p);
  const Heading = page ? "h1" : "h2";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={
        page
          ? "space-y-3 text-sm"
          : "max-h-80 space-y-3 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      }
      // Scrollable in a form, so reachable by keyboard there.
      tabIndex={page ? undefined : 0}
      id={id}
    >
      <Heading
        id={`${id}-heading`}
        className={page ? "text-3xl font-bold text-slate-900" : "text-base font-semibold"}
      >
        {t("privacy.notice.heading")}{" "}
        <span className="text-xs font-normal text-slate-500">{t("privacy.notice.version", { version })}</span>
      </Heading>
      <p className="text-slate-700">{t("privacy.notice.intro")}</p>
      <ul className="space-y-3">
        {PRIVACY_PURPOSES.map((p) => (
          <li key={p} data-purpose={p}>
            <h3 className="font-semibold">
              {t(`privacy.notice.purposes.${p}.title`)}{" "}
              <span
                className={
                  isRequired(p)
                    ? "rounded bg-slate-200 px-1.5 text-xs font-medium text-slate-800"
                    : "rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-900"
                }
              >
                {isRequired(p) ? t("privacy.notice.required") : t("privacy.notice.optional")}
              </span>
            </h3>
            <dl className="mt-1 space-y-1 text-slate-700">
              <div>
                <dt className="inline font-medium">{t("privacy.notice.collected")}: </dt>
                <dd className="inline">{t(`privacy.notice.purposes.${p}.collected`)}</dd>
              </div>
              <div>
                <dt className="inline font-medium">{t("privacy.notice.why")}: </dt>
                <dd className="inline">{t(`privacy.notice.purposes.${p}.why`)}</dd>
              </div>
              <div>
                <dt className="inline font-medium">{t("privacy.notice.withdrawing")}: </dt>
                <dd className="inline">{t(`privacy.notice.purposes.${p}.withdrawing`)}</dd>
              </div>
            </dl>
          </li>
        ))}
        <li>
          <h3 className="font-semibold">{t("privacy.notice.analyticsTitle")}</h3>
          <p className="mt-1 text-slate-700">{t("privacy.notice.analytics")}</p>
        </li>
      </ul>
      <p className="text-slate-700">{t("privacy.notice.rights")}</p>
      <p>
        <Trans
          i18nKey="privacy.notice.fullPolicy"
          components={{
            policy: <Link to="/privacy-policy" className="font-medium text-brand-600 underline" />,
          }}
        />
      </p>
    </section>
  );
}

/** The form fields of consent and age, as sign-up and the step read them (all text from a form). */
export const PrivacyFormFields = {
  privacy_notice_version: z.coerce.number().int(),
  accept_privacy: z
    .string({ required_error: PRIVACY_MESSAGES.noticeRequired })
    .refine((v) => v === "on", PRIVACY_MESSAGES.noticeRequired),
  marketing_mails: z.string().optional(),
  date_of_birth: z.string().max(20, PRIVACY_MESSAGES.dateOfBirthInvalid).optional(),
  adult_declaration: z.string().optional(),
};

/** The API's body from those fields. */
export function privacyBody(v: {
  privacy_notice_version: number;
  marketing_mails?: string;
  date_of_birth?: string;
  adult_declaration?: string;
}) {
  return {
    privacy_notice_version: v.privacy_notice_version,
    marketing_mails: v.marketing_mails === "on",
    ...(v.date_of_birth ? { date_of_birth: v.date_of_birth } : {}),
    ...(v.adult_declaration === "on" ? { adult_declaration: true } : {}),
  };
}

type Meta = FieldMetadata<string | undefined>;

/**
 * The consent checkbox (required), the optional marketing mails, and the age answer the owner's
 * check asks (a native date input, or the declaration): native `required`, checked again by the API.
 */
export function ConsentAndAgeFields({
  version,
  ageCheck,
  askAge,
  marketingDefault,
  fields,
}: {
  version: number;
  ageCheck: AgeCheck;
  askAge: boolean;
  marketingDefault: boolean;
  fields: { accept_privacy: Meta; marketing_mails: Meta; date_of_birth: Meta; adult_declaration: Meta };
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <input type="hidden" name="privacy_notice_version" value={version} />
      {askAge && ageCheck === "date_of_birth" ? (
        <Field
          label={t("privacy.signup.dateOfBirth")}
          errors={fields.date_of_birth.errors}
          hint={t("privacy.signup.dateOfBirthHint")}
          inputProps={{
            ...getInputProps(fields.date_of_birth, { type: "date" }),
            required: true,
            min: "1900-01-01",
            autoComplete: "bday",
          }}
        />
      ) : null}
      {askAge && ageCheck === "declaration" ? (
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.adult_declaration, { type: "checkbox" })}
              required
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>{t("privacy.signup.declaration")}</span>
          </label>
          <ErrorList id={fields.adult_declaration.errorId} errors={fields.adult_declaration.errors} />
        </div>
      ) : null}
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            {...getInputProps(fields.accept_privacy, { type: "checkbox" })}
            required
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>{t("privacy.signup.accept")}</span>
        </label>
        <ErrorList id={fields.accept_privacy.errorId} errors={fields.accept_privacy.errors} />
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          {...getInputProps(fields.marketing_mails, { type: "checkbox" })}
          defaultChecked={marketingDefault}
          className="mt-0.5 h-4 w-4 rounded border-slate-300"
        />
        <span>{t("privacy.signup.marketing")}</span>
      </label>
    </div>
  );
}
