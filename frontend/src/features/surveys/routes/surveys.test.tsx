import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { NOW } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import SurveysRoute from "./surveys";

const ROW = {
  id: 5,
  name: "Khảo sát định hướng nghề nghiệp (Holland – RIASEC)",
  status: "published",
  is_default: true,
  statement_count: 48,
  time_limit_minutes: null,
  starts_at: null,
  ends_at: null,
  taker_count: 9,
  completed_count: 8,
  listing: { id: 31, price_survey_report: 49000, cover_image: null },
  created_by_name: "Nguyễn Thị Lan",
  created_at: NOW,
  updated_at: NOW,
  published_at: NOW,
};

describe("educator survey list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("explains that survey management is off for the organization, without asking for the list", async () => {
    const off = authorizedAs("EDUCATOR");
    off.user.survey_management = false;
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(off),
      "/api/v1/surveys/list": {
        status: 403,
        body: { success: false, code: "survey_management_disabled", message: "Chưa bật", errors: {} },
      },
    });
    renderRoute("/survey", "/survey", <SurveysRoute />);
    expect(
      await screen.findByRole("heading", { name: "Chưa được phép quản lý khảo sát" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Khảo sát mới" })).toBeNull();
    // the session said so: no request the server would refuse (issue 38 item 6)
    expect(calls.map((c) => c.path)).toEqual(["/api/v1/auth/is-authorized"]);
  });

  it("still explains it when the server refuses the list (management turned off since the page loaded)", async () => {
    mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/surveys/list": {
        status: 403,
        body: { success: false, code: "survey_management_disabled", message: "Chưa bật", errors: {} },
      },
    });
    renderRoute("/survey", "/survey", <SurveysRoute />);
    expect(
      await screen.findByRole("heading", { name: "Chưa được phép quản lý khảo sát" }),
    ).toBeInTheDocument();
  });

  it("lists surveys with status, takers and the marketplace price", async () => {
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/surveys/list": ok({ items: [ROW], page: 1, limit: 10, total: 1 }),
    });
    renderRoute("/survey", "/survey", <SurveysRoute />, { language: "en" });
    const row = await screen.findByRole("row", { name: /Khảo sát định hướng nghề nghiệp/ });
    expect(row).toHaveTextContent("Published");
    expect(row).toHaveTextContent("8 of 9 completed");
    expect(row).toHaveTextContent("Listed · report");
    expect(calls.find((c) => c.path.startsWith("/api/v1/surveys/list"))?.path).toBe(
      "/api/v1/surveys/list?page=1&limit=10&order_by=-created_at",
    );
  });

  it("filters by status from the toolbar, back on page 1, and says when nothing matches", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      "/api/v1/surveys/list": (url) =>
        ok(
          url.searchParams.get("status")
            ? { items: [], page: 1, limit: 10, total: 0 }
            : { items: [ROW], page: 2, limit: 10, total: 11 },
        ),
    });
    const { router } = renderRoute("/survey", "/survey?page=2", <SurveysRoute />, { language: "en" });
    await screen.findByRole("row", { name: /Khảo sát định hướng nghề nghiệp/ });
    expect(calls.find((c) => c.path.startsWith("/api/v1/surveys/list"))?.path).toBe(
      "/api/v1/surveys/list?page=2&limit=10&order_by=-created_at",
    );
    await user.selectOptions(screen.getByLabelText("Status"), "Draft");
    expect(await screen.findByText("No survey matches the filters.")).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe("/api/v1/surveys/list?page=1&limit=10&status=draft&order_by=-created_at");
    expect(router.state.location.search).toBe("?status=draft");
    expect(screen.getByLabelText("Search")).toHaveValue("");
    expect(screen.getByLabelText("Sort")).toHaveValue("-created_at");
  });
});
