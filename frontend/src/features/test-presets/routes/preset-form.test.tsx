import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok } from "@/testing/mock-api";

import { CLUSTERS, page, PRESET, ROUND, SUBJECTS } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import PresetFormRoute from "./preset-form";

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    ...extra,
  });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Tên đề thi"), "Đánh giá Toán 9");
  await user.selectOptions(screen.getByLabelText("Khối lớp"), "9");
  await user.type(screen.getByLabelText("Thời lượng (phút)"), "45");
  fireEvent.change(screen.getByLabelText("Ngày bắt đầu"), { target: { value: "2026-12-01T08:00" } });
  fireEvent.change(screen.getByLabelText("Ngày kết thúc"), { target: { value: "2026-12-20T08:00" } });
  await user.selectOptions(screen.getByLabelText("Vòng thi"), "5");
  await user.selectOptions(screen.getByLabelText("Môn học"), "1");
  await user.selectOptions(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)"), "11");
  await user.selectOptions(screen.getByLabelText("Mức độ, dòng 1 (Toán)"), "30");
  const count = screen.getByLabelText("Số câu, dòng 1 (Toán)");
  await user.clear(count);
  await user.type(count, "3");
}

describe("test preset form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the rules inline and sends nothing: repeated key, end before start, a subject without clusters", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await fillValid(user);
    fireEvent.change(screen.getByLabelText("Ngày kết thúc"), { target: { value: "2026-11-30T08:00" } });
    await user.click(screen.getByRole("button", { name: "Xóa dòng 1 của Toán" }));
    const requirements = screen.getByRole("group", { name: "Điều kiện tham gia" });
    await user.click(within(requirements).getByRole("button", { name: "Thêm dòng" }));
    await user.click(within(requirements).getByRole("button", { name: "Thêm dòng" }));
    await user.type(screen.getByLabelText("Điều kiện tham gia: khóa dòng 1"), "province");
    await user.type(screen.getByLabelText("Điều kiện tham gia: khóa dòng 2"), "Province");
    await user.click(screen.getByRole("button", { name: "Lưu" }));

    expect(await screen.findByText("Ngày kết thúc phải sau ngày bắt đầu.")).toBeInTheDocument();
    expect(screen.getByText("Khóa này đã được dùng.")).toBeInTheDocument();
    expect(screen.getByText("Chọn các mục ma trận cho môn học này.")).toBeInTheDocument();
    expect(screen.getByLabelText("Ngày kết thúc")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("sends the payload and shows the server's field errors inline", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      "/api/v1/test-presets": {
        status: 400,
        body: {
          success: false,
          code: "validation_error",
          message: "Không thể lưu đề thi.",
          errors: {
            name: ["Tên này đã được dùng."],
            "subjects.0.items.0.count": ["Nhập số câu hỏi từ 1 đến 200."],
            survey_ids: ["Khảo sát không tồn tại."],
            batches: ["Ca thi không hợp lệ."],
          },
        },
      },
    });
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Lưu" }));

    expect(await screen.findByText("Tên này đã được dùng.")).toBeInTheDocument();
    expect(screen.getByText("Nhập số câu hỏi từ 1 đến 200.")).toBeInTheDocument();
    // The linked surveys' error shows at the survey picker.
    const surveys = screen.getByRole("group", { name: "Khảo sát liên kết" });
    expect(within(surveys).getByRole("alert")).toHaveTextContent("Khảo sát không tồn tại.");
    // Errors of fields the form does not show are listed with the server's message.
    const alert = screen.getAllByRole("alert").find((a) => a.textContent?.includes("Không thể lưu đề thi."));
    expect(alert).toHaveTextContent("Ca thi không hợp lệ.");
    const post = calls.find((c) => c.method === "POST" && c.path === "/api/v1/test-presets");
    expect(post?.body).toMatchObject({
      name: "Đánh giá Toán 9",
      grade: 9,
      duration_minutes: 45,
      round_id: 5,
      required_round_id: null,
      form_mode: "shared",
      camera_proctoring: true,
      subjects: [{ subject_id: 1, items: [{ cluster_id: 11, complexity_level_id: 30, count: 3 }] }],
    });
  });

  it("loads a preset, keeps its surveys, saves with PUT and opens its detail page", async () => {
    const user = userEvent.setup();
    const preset = { ...PRESET, survey_ids: [4] };
    const { calls } = api({
      "/api/v1/test-presets/7": (_url, { method }) =>
        ok(method === "PUT" ? { ...preset, name: "Mới" } : preset),
    });
    const { router } = renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const name = await screen.findByLabelText("Tên đề thi");
    expect(name).toHaveValue(PRESET.name);
    expect(screen.getByLabelText("Điều kiện tham gia: khóa dòng 1")).toHaveValue("province");
    expect(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)")).toHaveValue("10");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/test-preset/detail/7"));
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toMatchObject({
      survey_ids: [4],
      attribute_requirements: [{ key: "province", value: "79" }],
    });
  });

  it("clears clusters of another subject when the subject changes", async () => {
    const user = userEvent.setup();
    api();
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    await user.selectOptions(await screen.findByLabelText("Môn học"), "1");
    await user.selectOptions(screen.getByLabelText("Mục ma trận, dòng 1 (Toán)"), "10");
    await user.selectOptions(screen.getByLabelText("Môn học"), "2");
    expect(screen.getByLabelText("Mục ma trận, dòng 1 (Tiếng Anh)")).toHaveValue("__none");
    expect(
      within(screen.getByLabelText("Mục ma trận, dòng 1 (Tiếng Anh)")).queryByRole("option", {
        name: /T9-DS/,
      }),
    ).toBeNull();
  });

  it("sends the preference for measured questions, off by default (decision 0019)", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      "/api/v1/test-presets/7": (_url, { method }) =>
        ok(method === "PUT" ? { ...PRESET, prefer_measured: true } : PRESET),
    });
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const prefer = await screen.findByRole("checkbox", { name: /^Ưu tiên câu hỏi đã có số liệu độ khó/ });
    expect(prefer).not.toBeChecked();
    expect(prefer).toHaveAccessibleName(
      "Ưu tiên câu hỏi đã có số liệu độ khó " +
        "Trong mỗi dòng của cấu trúc đề, câu hỏi đã có độ khó đo được từ các lần thi trước được rút trước; số câu của mỗi dòng không đổi.",
    );
    await user.click(prefer);
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ prefer_measured: true });
  });

  it("starts a new test with the preference off", async () => {
    api();
    renderRoute("/test-preset/form/:id?", "/test-preset/form", <PresetFormRoute />);
    expect(
      await screen.findByRole("checkbox", { name: /^Ưu tiên câu hỏi đã có số liệu độ khó/ }),
    ).not.toBeChecked();
  });

  it("shows a saved preference ticked", async () => {
    api({ "/api/v1/test-presets/7": ok({ ...PRESET, prefer_measured: true }) });
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    expect(
      await screen.findByRole("checkbox", { name: /^Ưu tiên câu hỏi đã có số liệu độ khó/ }),
    ).toBeChecked();
  });

  it("sets how long answers typed offline count after the deadline, 600 seconds unless changed (issue 38)", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      "/api/v1/test-presets/7": (_url, { method }) =>
        ok(method === "PUT" ? { ...PRESET, offline_grace_seconds: 900 } : PRESET),
    });
    renderRoute("/test-preset/form/:id?", "/test-preset/form/7", <PresetFormRoute />);
    const grace = await screen.findByLabelText("Nhận bài làm khi mất mạng sau giờ nộp (giây)");
    expect(grace).toHaveValue(600);
    await user.clear(grace);
    await user.type(grace, "3601");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    expect(await screen.findByText("Nhập số giây từ 0 đến 3600.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    await user.clear(grace);
    await user.type(grace, "900");
    await user.click(screen.getByRole("button", { name: "Lưu" }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ offline_grace_seconds: 900 });
  });
});
