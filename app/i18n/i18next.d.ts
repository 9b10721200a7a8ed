import "i18next";
import type { Catalogue } from "./en";

/** Keys are checked by the compiler: `t("nav.hme")` does not build. */
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}
