/** The marketplace's filters: search, price range (VND), grade and subject, bound to the URL
 * (typed ones once typing pauses). */
import { Labelled, ListToolbar, SearchFilter, SelectFilter } from "@/components/list/list-toolbar";
import type { ListParams } from "@/components/list/use-list-params";
import { isVndAmount, VndInput } from "@/components/vnd-input";
import { useT } from "@/lib/intl";

import type { SubjectOption } from "../api/types";
import { useTypedParam } from "@/lib/use-typed-param";

export const LISTING_PARAMS = {
  search: "",
  minprice: "",
  maxprice: "",
  grade: "",
  subject: "",
  mylistings: "",
  order: "-published_at",
};

export type ListingParams = ListParams<typeof LISTING_PARAMS>;

const GRADES = Array.from({ length: 12 }, (_, i) => i + 1);

/** A whole number from the address, or null. */
export function numberParam(value: string): number | null {
  if (value === "") return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

const priceParam = (value: number | null) => (value === null ? "" : String(value));

/** A price the filter can use: none, or a whole amount of VND (a minus sign or a fraction typed
 * stays in the box with a message and is not sent; issue 19). */
const usablePrice = (value: number | null) => value === null || isVndAmount(value);

export function MarketplaceFilters({
  params,
  subjects,
  badRange,
}: {
  params: ListingParams;
  subjects: SubjectOption[];
  badRange: boolean;
}) {
  const t = useT();
  const { values, set } = params;
  const [search, setSearch] = useTypedParam(values.search, (search) => set({ search }));
  const [minPrice, setMinPrice] = useTypedParam(
    numberParam(values.minprice),
    (v) => usablePrice(v) && set({ minprice: priceParam(v) }),
    400,
  );
  const [maxPrice, setMaxPrice] = useTypedParam(
    numberParam(values.maxprice),
    (v) => usablePrice(v) && set({ maxprice: priceParam(v) }),
    400,
  );
  const badPrice = !usablePrice(minPrice) || !usablePrice(maxPrice);
  const describedBy = (bad: boolean) =>
    [bad && "mp-price-error", badRange && "mp-range-error"].filter(Boolean).join(" ") || undefined;
  const subject = values.subject;
  const subjectChoices = [
    ...(subject && !subjects.some((s) => s.code === subject) ? [{ value: subject, label: subject }] : []),
    ...subjects.map((s) => ({ value: s.code, label: s.name })),
  ];
  return (
    <div className="grid gap-1">
      <ListToolbar>
        <SearchFilter
          id="mp-search"
          value={search}
          onChange={setSearch}
          placeholder={t("marketplace.searchPlaceholder")}
        />
        <Labelled id="mp-min" label={t("marketplace.minPrice")}>
          <VndInput
            id="mp-min"
            value={minPrice}
            onChange={setMinPrice}
            aria-invalid={badRange || !usablePrice(minPrice)}
            aria-describedby={describedBy(!usablePrice(minPrice))}
          />
        </Labelled>
        <Labelled id="mp-max" label={t("marketplace.maxPrice")}>
          <VndInput
            id="mp-max"
            value={maxPrice}
            onChange={setMaxPrice}
            aria-invalid={badRange || !usablePrice(maxPrice)}
            aria-describedby={describedBy(!usablePrice(maxPrice))}
          />
        </Labelled>
        <SelectFilter
          id="mp-grade"
          label={t("marketplace.grade")}
          value={values.grade}
          onChange={(grade) => set({ grade })}
          allLabel={t("marketplace.allGrades")}
          choices={GRADES.map((g) => ({ value: String(g), label: t("marketplace.gradeN", { grade: g }) }))}
        />
        <SelectFilter
          id="mp-subject"
          label={t("marketplace.subject")}
          value={subject}
          onChange={(value) => set({ subject: value })}
          allLabel={t("marketplace.allSubjects")}
          choices={subjectChoices}
        />
      </ListToolbar>
      {badPrice && (
        <p id="mp-price-error" role="alert" className="text-xs text-red-600">
          {t("marketplace.badPrice")}
        </p>
      )}
      {badRange && (
        <p id="mp-range-error" role="alert" className="text-xs text-red-600">
          {t("marketplace.badRange")}
        </p>
      )}
    </div>
  );
}
