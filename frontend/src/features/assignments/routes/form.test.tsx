import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok, type Route } from "@/testing/mock-api";

import { BATCH, FULL_BATCH, learner, page, PRESET, TEST } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import AssignFormRoute from "./form";

const LEARNERS = [
  learner(301, "Đặng Minh Khoa", "khoa@demo.vn"),
  learner(302, "Lê Hoàng Nam", "nam@demo.vn"),
];

function api(assign: Route) {
  return mockApi({
    "/api/v1/assignments/tests": ok(page([TEST])),
    "/api/v1/test-presets/7": ok(PRESET),
    "/api/v1/batches": ok(page([BATCH, FULL_BATCH])),
    "/api/v1/users/profile/list": (url) =>
      ok(page(LEARNERS.filter((l) => l.name.includes(url.searchParams.get("search") ?? "")))),
    "/api/v1/assignments": assign,
  });
}

async function openForm() {
  const view = renderRoute("/assignment/form", "/assignment/form?preset_id=7", <AssignFormRoute />);
  await vi.waitFor(() => expect(screen.getByLabelText("Đề thi")).toHaveValue("7"));
  await vi.waitFor(() => expect(screen.getByLabelText("Ca thi")).toHaveValue(String(BATCH.id)));
  return view;
}

describe("/assignment/form (direct assignment)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks the form, then shows the server's 409 no_batch_slot message as it comes", async () => {
    const user = userEvent.setup();
    const { calls } = api({
      status: 409,
      body: {
        success: false,
        code: "no_batch_slot",
        message: "Hết chỗ trong ca thi: còn 1 chỗ, đã chọn 2 học sinh.",
      },
    });
    await openForm();
    // The full batch cannot be chosen.
    const full = screen.getByRole("option", { name: /Ca 2 \(chiều thứ Bảy\).*ca thi hết chỗ/ });
    expect(full).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Giao đề" }));
    expect(await screen.findByText("Chọn ít nhất một học sinh.")).toBeVisible();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.click(await screen.findByRole("checkbox", { name: /Đặng Minh Khoa/ }));
    await user.click(screen.getByRole("checkbox", { name: /Lê Hoàng Nam/ }));
    expect(screen.getByText("Đã chọn 2 học sinh")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Giao đề cho 2 học sinh" }));
    const message = "Hết chỗ trong ca thi: còn 1 chỗ, đã chọn 2 học sinh.";
    await screen.findByText(message);
    const refusal = screen.getAllByRole("alert").find((alert) => within(alert).queryByText(message));
    expect(refusal).toHaveTextContent("Ca thi hết chỗ");
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.body).toMatchObject({
      preset_id: 7,
      batch_id: BATCH.id,
      learner_profile_ids: [301, 302],
      attempts_allowed: 1,
      due_at: null,
      requires_purchase: false,
      purchase_cost: 0,
    });
  });

  it("sends the purchase price in VND, shows server field errors inline, and opens the takers on success", async () => {
    const user = userEvent.setup();
    let answer: "fields" | "ok" = "fields";
    const { calls } = api((_url, { method }) =>
      method !== "POST"
        ? ok(page([]))
        : answer === "fields"
          ? {
              status: 400,
              body: {
                success: false,
                code: "validation_error",
                message: "Không thể giao đề.",
                errors: { due_at: ["Hạn hoàn thành không được sớm hơn giờ bắt đầu của ca thi."] },
              },
            }
          : { status: 201, body: { success: true, data: [{ id: 1 }], message: "" } },
    );
    const { router } = await openForm();
    await user.click(await screen.findByRole("checkbox", { name: /Đặng Minh Khoa/ }));
    await user.clear(screen.getByLabelText("Số lượt làm bài"));
    await user.type(screen.getByLabelText("Số lượt làm bài"), "2");
    await user.click(screen.getByRole("checkbox", { name: /Học sinh phải thanh toán/ }));
    await user.click(screen.getByRole("button", { name: "Giao đề cho 1 học sinh" }));
    expect(await screen.findByText("Đề thi cần thanh toán phải có giá lớn hơn 0.")).toBeVisible();
    const cost = screen.getByLabelText("Giá (VND)");
    await user.type(cost, "150000");
    expect(cost).toHaveValue("150.000");
    await user.click(screen.getByRole("button", { name: "Giao đề cho 1 học sinh" }));
    expect(
      await screen.findByText("Hạn hoàn thành không được sớm hơn giờ bắt đầu của ca thi."),
    ).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toMatchObject({
      learner_profile_ids: [301],
      attempts_allowed: 2,
      requires_purchase: true,
      purchase_cost: 150000,
    });
    answer = "ok";
    await user.click(screen.getByRole("button", { name: "Giao đề cho 1 học sinh" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/assignment/takers"));
    expect(router.state.location.search).toBe("?preset_id=7");
  });

  it("searches the organization's learners and keeps the chosen ones across searches", async () => {
    const user = userEvent.setup();
    const { calls } = api(ok(page([])));
    await openForm();
    await user.click(await screen.findByRole("checkbox", { name: /Đặng Minh Khoa/ }));
    await user.type(screen.getByLabelText("Tìm học sinh"), "Nam");
    await vi.waitFor(() => expect(screen.queryByRole("checkbox", { name: /Đặng Minh Khoa/ })).toBeNull());
    expect(calls.some((c) => c.path.includes("role=LEARNER") && c.path.includes("search=Nam"))).toBe(true);
    const chosen = screen.getByRole("list", { name: "Học sinh đã chọn" });
    expect(within(chosen).getByText("Đặng Minh Khoa")).toBeVisible();
    await user.click(within(chosen).getByRole("button", { name: "Bỏ chọn Đặng Minh Khoa" }));
    expect(screen.getByText("Chưa chọn học sinh nào")).toBeVisible();
  });
});
