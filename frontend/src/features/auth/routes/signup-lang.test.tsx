/** Language of parts on the sign-up form (WCAG 3.1.2; issue 38 item 6: 35 Vietnamese names there
 * had no `lang="vi"` on the English page). The provinces and the textbook series are Vietnamese
 * names: on an English page each option says so; on a Vietnamese page nothing needs to. */
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import SignupRoute from "./signup";

const PROVINCES = [
  { code: "01", name: "Thành phố Hà Nội" },
  { code: "79", name: "Thành phố Hồ Chí Minh" },
  { code: "48", name: "Thành phố Đà Nẵng" },
  { code: "66", name: "Tỉnh Đắk Lắk" },
];
const CURRICULA = ["Kết nối tri thức với cuộc sống", "Chân trời sáng tạo", "Cánh Diều"];

function render(language: "vi" | "en") {
  mockApi({ "/public/api/provinces": ok(PROVINCES) });
  renderRoute("/signup", "/signup", <SignupRoute />, { language });
}

/** The texts of the page's elements that carry lang="vi", in document order. */
const marked = () =>
  screen
    .queryAllByText((_text, element) => element?.getAttribute("lang") === "vi")
    .map((element) => element.textContent);

describe("sign-up: Vietnamese names on an English page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks each province and textbook series lang=vi, and nothing else", async () => {
    render("en");
    await screen.findByRole("option", { name: "Tỉnh Đắk Lắk" });
    expect(marked()).toEqual([...PROVINCES.map((p) => p.name), ...CURRICULA]);
    expect(screen.getByRole("option", { name: "Thành phố Hà Nội" })).toHaveAttribute("lang", "vi");
    expect(screen.getByRole("option", { name: "Cánh Diều" })).toHaveAttribute("lang", "vi");
    // the interface's own words stay in the page's language
    expect(screen.getByRole("option", { name: "Another series" })).not.toHaveAttribute("lang");
  });

  it("needs no mark on a Vietnamese page", async () => {
    render("vi");
    await screen.findByRole("option", { name: "Tỉnh Đắk Lắk" });
    expect(screen.getByRole("button", { name: "Tiếp tục" })).toBeVisible();
    expect(marked()).toEqual([]);
  });
});
