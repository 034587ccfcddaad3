import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { RIASEC, type SurveyDetail } from "../api/types";
import { NOW, SCALE } from "../testing/fixtures";
import SurveyFormRoute from "./survey-form";

const URL = "/api/v1/surveys/5";
const text = (vi: string) => ({ vi, en: "" });
const list = { vi: [], en: [] };

const DETAIL: SurveyDetail = {
  id: 5,
  name: "Khảo sát Holland",
  status: "draft",
  is_default: false,
  statement_count: 2,
  time_limit_minutes: 30,
  starts_at: null,
  ends_at: null,
  taker_count: 0,
  completed_count: 0,
  listing: null,
  created_by_name: "Nguyễn Thị Lan",
  created_at: NOW,
  updated_at: NOW,
  published_at: null,
  name_en: "",
  description: "",
  description_en: "",
  scale: SCALE.map((p) => ({ value: p.value, label: text(p.label) })),
  groups: RIASEC.map((code) => ({
    code,
    name: text(`Nhóm ${code}`),
    nickname: text(""),
    description: text(""),
    tips: text(""),
    traits: list,
    careers: list,
    fields: list,
    combinations: list,
  })),
  statements: [
    { id: 1, group: "R", text: text("Tôi thích sửa máy") },
    { id: 2, group: "I", text: text("Tôi thích thí nghiệm") },
  ],
  stored_status: "draft",
  structure_locked: false,
};

describe("survey form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("puts the server's field errors on the fields, the list errors and its message in the summary", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
      [URL]: (_url, { method }) =>
        method === "GET"
          ? ok(DETAIL)
          : {
              status: 400,
              body: {
                success: false,
                code: "validation_error",
                message: "Dữ liệu không hợp lệ.",
                errors: {
                  time_limit_minutes: ["Tối đa 600 phút."],
                  "statements.1.text": ["Nhận định trùng lặp."],
                  statements: ["Mỗi nhóm cần đúng 8 nhận định."],
                },
              },
            },
    });
    renderRoute("/survey/form/:id", "/survey/form/5", <SurveyFormRoute />);
    await user.click(await screen.findByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Dữ liệu không hợp lệ.")).toBeInTheDocument();
    expect(screen.getByText("Mỗi nhóm cần đúng 8 nhận định.")).toBeInTheDocument();
    expect(screen.getByText("Tối đa 600 phút.")).toBeInTheDocument();
    expect(screen.getByLabelText("Giới hạn thời gian (phút)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Nhận định trùng lặp.")).toBeInTheDocument();
    const texts = screen.getAllByLabelText("Nội dung (Tiếng Việt)");
    expect(texts.map((field) => field.getAttribute("aria-invalid"))).toEqual(["false", "true"]);
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      name: "Khảo sát Holland",
      time_limit_minutes: 30,
      statements: [
        { id: 1, group: "R", text: { vi: "Tôi thích sửa máy", en: "" } },
        { id: 2, group: "I", text: { vi: "Tôi thích thí nghiệm", en: "" } },
      ],
    });
  }, 15_000);
});
