/** One page of a history, as the API answers it next to the spec's list field. */
export interface Pagination {
  page: number;
  pageSize: number;
  totalRecords: number;
  totalPages: number;
}

/** The spec's page sizes for the paged histories. */
export const PAGE_SIZE = {
  withdrawals: 5,
  conversions: 5,
  referrals: 5,
  paymentProof: 10,
  /** The spec names no size for the claim history: the member histories' 5. */
  giftCodeClaims: 5,
  /** The advertiser's campaign list (spec 2 §9). */
  campaigns: 6,
  /** The operator console's lists (campaigns, views, the cheat log, the postback log, bank files). */
  operatorLists: 20,
  /** The withdrawal review queue: a day's requests on one page for a small site. */
  reviewQueue: 50,
} as const;

/** Clamps a requested 1-based page into the range `totalRecords` allows (page 1 when empty). */
export function pageOf(requested: number, pageSize: number, totalRecords: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalRecords / pageSize));
  const page = Math.min(Math.max(1, Number.isSafeInteger(requested) ? requested : 1), totalPages);
  return { page, pageSize, totalRecords, totalPages };
}

/** The rows to skip for a page. */
export const offsetOf = (p: Pagination): number => (p.page - 1) * p.pageSize;
