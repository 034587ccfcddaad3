import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { headingSkips } from "@/testing/headings";
import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { SurveyUserRow } from "../api/types";
import { NOW } from "../testing/fixtures";
import StudentSurveysRoute from "./student-list";

const LIST = "/api/v1/survey-users/my-list";
const ROW: SurveyUserRow = {
  id: 7,
  survey_id: 7,
  organization_survey_id: 1,
  organization: { id: 3, name: "Trung tâm Học tập Suốt đời" },
  name: "Career orientation survey",
  status: "completed",
  time_limit_minutes: null,
  starts_at: null,
  ends_at: null,
  started_at: NOW,
  deadline_at: null,
  completed_at: NOW,
  holland_code: "SAE",
  report_unlocked: false,
  answered: 48,
  total: 48,
  created_at: NOW,
};

describe("the learner's surveys", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the learner's surveys and filters them by status in the address, saying when none match", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("LEARNER")),
      "/api/v1/survey-users/available": ok([]),
      [LIST]: (url) =>
        ok(
          url.searchParams.get("status") === "expired"
            ? { items: [], page: 1, limit: 10, total: 0 }
            : { items: [ROW], page: 1, limit: 10, total: 1 },
        ),
    });
    const { router } = renderRoute("/survey/student", "/survey/student", <StudentSurveysRoute />, {
      language: "en",
    });
    const row = await screen.findByRole("row", { name: /Career orientation survey/ });
    expect(headingSkips()).toEqual([]); // h1 > h2 (issue 38)
    expect(row).toHaveTextContent("Completed");
    expect(row).toHaveTextContent("SAE");
    expect(within(row).getByRole("link", { name: "See the result" })).toHaveAttribute(
      "href",
      "/survey/detail/7",
    );
    expect(calls.find((c) => c.path.startsWith(LIST))?.path).toBe(
      `${LIST}?page=1&limit=10&order_by=-created_at`,
    );

    await user.selectOptions(screen.getByLabelText("Status"), "expired");
    expect(await screen.findByText("No survey matches the filters.")).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(`${LIST}?page=1&limit=10&status=expired&order_by=-created_at`);
    expect(router.state.location.search).toBe("?status=expired");
  });
});
