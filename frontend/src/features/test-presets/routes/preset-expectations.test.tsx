/** The expected mean score of the generated form beside the form it replaced, on the preset's
 * page (issue 19, section 2; decision 0019): the server's figures shown in the reader's format. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { Preset } from "../api/types";
import { CLUSTERS, formRow, page, PRESET, ROUND, SUBJECTS } from "../testing/fixtures";
import PresetDetailRoute from "./preset-detail";

const FORM = [formRow(1, 1, "Câu hỏi A"), formRow(2, 2, "Câu hỏi B"), formRow(3, 3, "Câu hỏi C")];
const TWO_FORMS: Preset = {
  ...PRESET,
  question_count: 3,
  max_score: 4,
  generated_at: "2026-11-22T03:00:00Z",
  form_expectations: [
    {
      form: "current",
      generated_at: "2026-11-22T03:00:00Z",
      question_count: 3,
      measured_count: 2,
      max_score: 4,
      measured_max: 3,
      expected_mean: 1.65,
    },
    {
      form: "previous",
      generated_at: "2026-11-21T01:00:00Z",
      question_count: 3,
      measured_count: 3,
      max_score: 4,
      measured_max: 4,
      expected_mean: 2.15,
    },
  ],
};

function api(preset: Preset, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    "/api/v1/test-presets/7": ok(preset),
    "/api/v1/test-presets/7/form": ok(FORM),
    ...extra,
  });
}

const show = (language: "vi" | "en" = "vi") =>
  renderRoute("/test-preset/detail/:id", "/test-preset/detail/7", <PresetDetailRoute />, { language });

function cells(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) =>
      [
        ...within(row).queryAllByRole("columnheader"),
        ...within(row).queryAllByRole("rowheader"),
        ...within(row).queryAllByRole("cell"),
      ].map((c) => c.textContent ?? ""),
    );
}

describe("expected mean score of the generated forms", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sets this form and the previous one side by side, out of the measured questions' points", async () => {
    api(TWO_FORMS);
    show();
    const table = await screen.findByRole("table", {
      name: "Điểm trung bình dự kiến: bản hiện tại và bản trước",
    });
    expect(cells(table)).toEqual([
      ["Số liệu", "Bản hiện tại", "Bản trước"],
      ["Điểm trung bình dự kiến", "1,65/3", "2,15/4"],
      ["Câu đã có số liệu", "2/3 câu", "3/3 câu"],
      ["Điểm tối đa của đề", "4", "4"],
      ["Tạo lúc", "10:00 22/11/2026", "08:00 21/11/2026"],
    ]);
    const preview = screen.getByRole("region", { name: "Xem trước đề" });
    expect(preview).toHaveTextContent(
      "câu chưa có số liệu không được tính. Chọn “Ưu tiên câu hỏi đã có số liệu độ khó” khi sửa đề để rút những câu này trước.",
    );
    expect(screen.getByRole("region", { name: "Thông tin chung" })).toHaveTextContent(
      "Ưu tiên câu hỏi đã có số liệu độ khóKhông",
    );
  });

  it("in English, one form with nothing measured: no figure, and no hint once the preference is on", async () => {
    api({
      ...TWO_FORMS,
      prefer_measured: true,
      form_expectations: [
        { ...TWO_FORMS.form_expectations[0]!, measured_count: 0, measured_max: 0, expected_mean: null },
      ],
    });
    show("en");
    const table = await screen.findByRole("table", { name: "Expected mean score of the form" });
    expect(cells(table)).toEqual([
      ["Figure", "This form"],
      ["Expected mean score", "No figures yet"],
      ["Questions with figures", "0 of 3"],
      ["Maximum score", "4"],
      ["Generated", "22 Nov 2026, 10:00"],
    ]);
    expect(screen.getByRole("region", { name: "Preview" })).not.toHaveTextContent("Tick “Prefer");
    expect(screen.getByRole("region", { name: "General" })).toHaveTextContent(
      "Prefer questions with a measured facilityYes",
    );
  });

  it("shows nothing before a first generation", async () => {
    api(PRESET);
    show();
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("table", { name: /Điểm trung bình dự kiến/ })).toBeNull();
  });

  it("reads the preset again after a swap, so the expected mean follows the form", async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { calls } = api(TWO_FORMS, {
      "/api/v1/test-presets/7": () => {
        reads += 1;
        return ok(
          reads === 1
            ? TWO_FORMS
            : {
                ...TWO_FORMS,
                form_expectations: [
                  { ...TWO_FORMS.form_expectations[0]!, expected_mean: 2.4 },
                  TWO_FORMS.form_expectations[1]!,
                ],
              },
        );
      },
      "/api/v1/test-presets/7/form/3/swap": ok(formRow(3, 3, "Câu hỏi B'")),
    });
    show();
    await screen.findByText("Câu hỏi A");
    await user.click(screen.getByRole("button", { name: "Đổi câu khác cho câu 3" }));
    const table = screen.getByRole("table", { name: /Điểm trung bình dự kiến/ });
    await vi.waitFor(() => expect(cells(table)[1]).toEqual(["Điểm trung bình dự kiến", "2,4/3", "2,15/4"]));
    expect(calls.filter((c) => c.path === "/api/v1/test-presets/7" && c.method === "GET")).toHaveLength(2);
  });
});
