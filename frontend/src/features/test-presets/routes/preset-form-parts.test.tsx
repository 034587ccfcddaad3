/** The preset form's parts and reporting scale (issue 39 item 2; decision 0056): parts added,
 * filled, moved and removed with the maximum as their sum, the scale out of 10 by default, the
 * "THPT 2025 template" filling the form, and the rules and server errors shown inline. */
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { CLUSTERS, page, ROUND, SUBJECTS } from "../testing/fixtures";
import PresetFormRoute from "./preset-form";

vi.setConfig({ testTimeout: 20_000 });

const TEMPLATE_SUBJECTS = [
  {
    subject_id: 1,
    code: "toan",
    name: "Toán",
    duration_minutes: 90,
    question_count: 22,
    max_score: 10,
    parts: [
      { question_type: "single_choice", count: 12, points_per_question: 0.25 },
      { question_type: "true_false_set", count: 4, points_per_question: 1 },
      { question_type: "numeric", count: 6, points_per_question: 0.5 },
    ],
  },
];
const row = (cluster: number | null, count: number) => ({
  subject_id: 1,
  cluster_id: cluster,
  complexity_level_id: null,
  count,
});
const FILL = {
  subject_id: 1,
  grade: 12,
  duration_minutes: 90,
  score_scale: "ten",
  subjects: [{ subject_id: 1, items: [] }],
  parts: [
    {
      name_vi: "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
      name_en: "Part I. Four-option multiple choice",
      question_type: "single_choice",
      points_per_question: 0.25,
      items: [row(10, 8), row(11, 4)],
    },
    {
      name_vi: "Phần II. Trắc nghiệm đúng sai",
      name_en: "Part II. True/false questions",
      question_type: "true_false_set",
      points_per_question: 1,
      items: [row(10, 4)],
    },
    {
      name_vi: "Phần III. Trắc nghiệm trả lời ngắn",
      name_en: "Part III. Short answers",
      question_type: "numeric",
      points_per_question: 0.5,
      items: [row(null, 6)],
    },
  ],
  max_score: 10,
  source: "Bộ GD&ĐT",
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    "/api/v1/test-presets/templates/thpt-2025": ok(TEMPLATE_SUBJECTS),
    "/api/v1/test-presets/templates/thpt-2025/1": ok(FILL),
    ...extra,
  });
}

async function fillGeneral(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Tên đề thi"), "Thi thử Toán 12");
  await user.selectOptions(screen.getByLabelText("Khối lớp"), "12");
  await user.type(screen.getByLabelText("Thời lượng (phút)"), "90");
  fireEvent.change(screen.getByLabelText("Ngày kết thúc"), { target: { value: "2026-12-20T08:00" } });
  await user.selectOptions(screen.getByLabelText("Vòng thi"), "5");
}

function posted(calls: { method: string; path: string; body?: unknown }[]) {
  return calls.find((c) => c.method === "POST" && c.path === "/api/v1/test-presets")?.body as Record<
    string,
    unknown
  >;
}

describe("the parts of a test preset and its scale", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reports out of 10 by default; parts take the rows and add up to the maximum", async () => {
    const user = userEvent.setup();
    const { calls } = api({ "/api/v1/test-presets": ok({ id: 9 }) });
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await fillGeneral(user);
    expect(screen.getByLabelText("Thang điểm")).toHaveValue("ten");
    await user.selectOptions(screen.getByLabelText("Môn học"), "1");
    await user.selectOptions(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)"), "11");
    const count = screen.getByLabelText("Số câu, dòng 1 (Toán)");
    await user.clear(count);
    await user.type(count, "12");

    // The first part takes the subject's row; the subject then lists no rows of its own.
    await user.click(screen.getByRole("button", { name: "Thêm phần" }));
    const first = screen.getByRole("group", { name: "Phần I của đề" });
    expect(within(first).getByLabelText("Mục ma trận, dòng 1 (Phần I)")).toHaveValue("11");
    expect(within(first).getByLabelText("Loại câu hỏi")).toHaveValue("single_choice");
    expect(within(first).getByLabelText("Điểm mỗi câu")).toHaveValue("0.25");
    expect(screen.getByText(/các dòng ma trận của môn này nằm trong từng phần/)).toBeInTheDocument();
    // Phần II: Đúng/Sai, 1 point each, by default.
    await user.click(screen.getByRole("button", { name: "Thêm phần" }));
    const second = screen.getByRole("group", { name: "Phần II của đề" });
    expect(within(second).getByLabelText("Loại câu hỏi")).toHaveValue("true_false_set");
    await user.selectOptions(within(second).getByLabelText("Mục ma trận, dòng 1 (Phần II)"), "10");
    const tf = within(second).getByLabelText("Số câu, dòng 1 (Phần II)");
    await user.clear(tf);
    await user.type(tf, "4");
    await user.type(within(second).getByLabelText("Tên phần (tiếng Việt)"), "Đúng/Sai");
    expect(screen.getByText("Tổng điểm tối đa các phần: 7")).toBeInTheDocument();
    expect(within(second).getByText("Tối đa 4 điểm")).toBeInTheDocument();
    // Moved up, Phần II becomes Phần I.
    await user.click(screen.getByRole("button", { name: "Chuyển Phần II lên trên" }));
    expect(
      within(screen.getByRole("group", { name: "Phần I của đề" })).getByText("Phần I — Đúng/Sai"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Chuyển Phần I xuống dưới" }));

    await user.type(screen.getByLabelText("Điểm đạt"), "5");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(posted(calls)).toBeTruthy());
    expect(posted(calls)).toMatchObject({
      score_scale: "ten",
      scale_max: null,
      passing_score: 5,
      subjects: [{ subject_id: 1, items: [] }],
      parts: [
        {
          name_vi: "",
          question_type: "single_choice",
          points_per_question: 0.25,
          items: [{ subject_id: 1, cluster_id: 11, complexity_level_id: null, count: 12 }],
        },
        {
          name_vi: "Đúng/Sai",
          question_type: "true_false_set",
          points_per_question: 1,
          items: [{ subject_id: 1, cluster_id: 10, complexity_level_id: null, count: 4 }],
        },
      ],
    });
  });

  it("removing the last part gives its rows back to the subject", async () => {
    const user = userEvent.setup();
    api();
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await user.selectOptions(await screen.findByLabelText("Môn học"), "1");
    await user.selectOptions(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)"), "11");
    await user.click(screen.getByRole("button", { name: "Thêm phần" }));
    await user.click(screen.getByRole("button", { name: "Xóa Phần I" }));
    expect(screen.queryByRole("group", { name: "Phần I của đề" })).toBeNull();
    expect(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)")).toHaveValue("11");
  });

  it("fills the form from the THPT 2025 template", async () => {
    const user = userEvent.setup();
    const { calls } = api({ "/api/v1/test-presets": ok({ id: 9 }) });
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />, { language: "en" });
    await user.type(await screen.findByLabelText("Test name"), "Mock exam");
    await user.click(screen.getByRole("button", { name: "From the THPT 2025 template" }));
    const dialog = await screen.findByRole("dialog", { name: "Fill from the THPT 2025 exam format" });
    await user.selectOptions(within(dialog).getByLabelText("Subject"), "1");
    expect(
      within(dialog).getByText("90 minutes · 22 questions · 12 × 0.25 + 4 × 1 + 6 × 0.5"),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Fill the form" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.path === "/api/v1/test-presets/templates/thpt-2025/1")).toBe(true);
    expect(screen.getByLabelText("Grade")).toHaveValue("12");
    expect(screen.getByLabelText("Duration (minutes)")).toHaveValue(90);
    expect(screen.getByLabelText("Reporting scale")).toHaveValue("ten");
    const third = screen.getByRole("group", { name: "Part III of the test" });
    expect(within(third).getByRole("heading", { name: "Part III. Short answers" })).toBeInTheDocument();
    expect(within(third).getByLabelText("Question type")).toHaveValue("numeric");
    expect(within(third).getByLabelText("Points per question")).toHaveValue("0.5");
    expect(screen.getByText("Parts' maximum: 10 points")).toBeInTheDocument();
    // No topic holds numeric answers yet: the educator chooses one before saving.
    fireEvent.change(screen.getByLabelText("End date"), { target: { value: "2026-12-20T08:00" } });
    await user.selectOptions(screen.getByLabelText("Test round"), "5");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await within(third).findByText("Choose a topic or subtopic.")).toBeInTheDocument();
    expect(posted(calls)).toBeUndefined();
    await user.selectOptions(within(third).getByLabelText("Cluster, row 1 (Part III)"), "10");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(posted(calls)).toBeTruthy());
    expect(posted(calls)).toMatchObject({
      grade: 12,
      duration_minutes: 90,
      score_scale: "ten",
      parts: [
        { question_type: "single_choice", points_per_question: 0.25, items: [row(10, 8), row(11, 4)] },
        { question_type: "true_false_set", points_per_question: 1, items: [row(10, 4)] },
        { question_type: "numeric", points_per_question: 0.5, items: [row(10, 6)] },
      ],
    });
  });

  it("checks points, the scale's maximum and the pass mark on the scale, and shows the server's errors", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      "/api/v1/test-presets": {
        status: 400,
        body: {
          success: false,
          code: "validation_error",
          message: "Không thể lưu đề thi.",
          errors: { "parts.0.items.0.count": ["Phần này cần ít nhất 1 câu (máy chủ)."] },
        },
      },
    });
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await fillGeneral(user);
    await user.selectOptions(screen.getByLabelText("Môn học"), "1");
    await user.selectOptions(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)"), "11");
    await user.click(screen.getByRole("button", { name: "Thêm phần" }));
    const points = screen.getByLabelText("Điểm mỗi câu");
    await user.clear(points);
    await user.type(points, "0,125");
    await user.type(screen.getByLabelText("Điểm đạt"), "11");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(
      await screen.findByText("Nhập điểm mỗi câu từ 0,01 đến 100, tối đa hai chữ số thập phân."),
    ).toBeInTheDocument();
    expect(screen.getByText("Điểm đạt cao hơn điểm tối đa (10).")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Thang điểm"), "custom");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Nhập điểm tối đa từ 1 đến 1000.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.type(screen.getByLabelText("Điểm tối đa của thang"), "150");
    await user.clear(points);
    await user.type(points, "0,5");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Phần này cần ít nhất 1 câu (máy chủ).")).toBeInTheDocument();
    expect(posted(calls)).toMatchObject({ score_scale: "custom", scale_max: 150, passing_score: 11 });
  });
});
