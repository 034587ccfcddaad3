/** Language of parts in the market analytics (WCAG 3.1.2; issue 38 item 6: 59 Vietnamese names
 * there had no `lang="vi"` on the English page). Provinces, organizations and rounds are named in
 * Vietnamese: each filter option and each chart label of them says so on an English page; the
 * add-ons, subjects and grades come in the page's language and carry nothing. */
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { dashboard, markets, options } from "../testing/fixtures";
import DashboardRoute from "./dashboard";

const SUPERADMIN_OPTIONS = {
  ...options,
  is_superadmin: true,
  subjects: [{ code: "toan", name: "Mathematics" }],
  organizations: [
    { id: 1, name: "Trung tâm Học tập Suốt đời" },
    { id: 2, name: "Trường THPT Nguyễn Du" },
  ],
  rounds: [
    { id: 3, name: "Vòng 1" },
    { id: 4, name: "Vòng 2 - Phỏng vấn" },
  ],
};
const FIGURES = {
  ...dashboard,
  by_addon: [{ addon: "test_only", name: "Test only", purchases: 2, revenue: 180_000 }],
  by_subject: [{ subject: "toan", name: "Mathematics", purchases: 2, revenue: 280_000 }],
  by_province: [
    { province_code: "79", name: "Thành phố Hồ Chí Minh", purchases: 1, revenue: 180_000 },
    { province_code: "01", name: "Thành phố Hà Nội", purchases: 1, revenue: 100_000 },
  ],
};

function render(language: "vi" | "en") {
  mockApi({
    "/api/v1/transaction/analytics/filters": ok(SUPERADMIN_OPTIONS),
    "/api/v1/transaction/analytics": ok(FIGURES),
    "/api/v1/transaction/analytics/markets": ok(markets),
  });
  renderRoute("/alltransaction/index", "/alltransaction/index", <DashboardRoute />, { language });
}

/** The texts of the page's elements that carry lang="vi", in document order. */
const marked = () =>
  screen
    .queryAllByText((_text, element) => element?.getAttribute("lang") === "vi")
    .map((element) => element.textContent);

describe("market analytics: Vietnamese names on an English page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks the provinces, organizations and rounds of the filters and the province chart", async () => {
    render("en");
    // the filters and the figures have loaded (role queries are slow on a page this size)
    await screen.findByText("Vòng 2 - Phỏng vấn");
    await screen.findByText("Revenue by province/city (top 10)", { selector: "caption" });
    expect(marked()).toEqual([
      "Thành phố Hà Nội",
      "Thành phố Hồ Chí Minh",
      "Trung tâm Học tập Suốt đời",
      "Trường THPT Nguyễn Du",
      "Vòng 1",
      "Vòng 2 - Phỏng vấn",
      "Thành phố Hồ Chí Minh",
      "Thành phố Hà Nội",
    ]);
    expect(screen.getByText("Thành phố Hà Nội", { selector: "th" })).toHaveAttribute("lang", "vi");
    expect(screen.getByText("Mathematics", { selector: "th" })).not.toHaveAttribute("lang");
    expect(screen.getByText("Mathematics", { selector: "option" })).not.toHaveAttribute("lang");
  });

  it("needs no mark on a Vietnamese page", async () => {
    render("vi");
    await screen.findByText("Vòng 2 - Phỏng vấn");
    await screen.findByText("Doanh thu theo tỉnh/thành phố (10 nơi cao nhất)", { selector: "caption" });
    expect(marked()).toEqual([]);
  });
});
