import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { ASSIGNMENT, BATCH, BOUGHT, page, TEST } from "../testing/fixtures";
import { rowWith } from "../testing/queries";
import { recordToasts, renderRoute } from "@/testing/render-route";
import AssignmentTakersRoute from "./takers";

describe("/assignment/takers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("filters by the test of the address and by status, source and batch", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/assignments": ok(page([ASSIGNMENT, BOUGHT])),
      "/api/v1/assignments/tests": ok(page([TEST])),
      "/api/v1/batches": ok(page([BATCH])),
    });
    renderRoute("/assignment/takers", "/assignment/takers?preset_id=7", <AssignmentTakersRoute />);
    const table = await screen.findByRole("table", { name: "Người làm bài" });
    await within(table).findByText("Đặng Minh Khoa");
    expect(calls.find((c) => c.path.startsWith("/api/v1/assignments?"))?.path).toContain("preset_id=7");
    expect(await screen.findByText(`Học sinh được giao hoặc đã mua “${TEST.name}”.`)).toBeVisible();
    const direct = rowWith(table, "Đặng Minh Khoa");
    expect(direct).toHaveTextContent("Giao trực tiếp");
    expect(direct).toHaveTextContent("Chưa làm");
    expect(direct).toHaveTextContent("2 lượt làm bài");
    expect(direct).toHaveTextContent(/Cần trả 150\.000\s₫/);
    const bought = rowWith(table, "Lê Hoàng Nam");
    expect(bought).toHaveTextContent("Đã mua");
    expect(within(bought).queryByRole("button", { name: /Thu hồi/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Trạng thái"), "in_progress");
    await user.selectOptions(screen.getByLabelText("Hình thức"), "purchase");
    await user.selectOptions(await screen.findByLabelText("Ca thi"), String(BATCH.id));
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path.includes("status=in_progress") &&
            c.path.includes("source=purchase") &&
            c.path.includes(`batch_id=${BATCH.id}`),
        ),
      ).toBe(true),
    );
  });

  it("withdraws a direct assignment after confirmation and shows a refusal in the dialog", async () => {
    const user = userEvent.setup();
    const toasts = recordToasts();
    let refuse = true;
    const { calls } = mockApi({
      "/api/v1/assignments": ok(page([ASSIGNMENT])),
      "/api/v1/assignments/900": () =>
        refuse
          ? {
              status: 409,
              body: {
                success: false,
                code: "assignment_not_revocable",
                message: "Chỉ có thể thu hồi đề giao trực tiếp chưa làm.",
              },
            }
          : ok({ ...ASSIGNMENT, status: "revoked" }),
      "/api/v1/assignments/tests": ok(page([TEST])),
      "/api/v1/batches": ok(page([BATCH])),
    });
    renderRoute("/assignment/takers", "/assignment/takers", <AssignmentTakersRoute />);
    await user.click(await screen.findByRole("button", { name: "Thu hồi đề của Đặng Minh Khoa" }));
    const dialog = await screen.findByRole("dialog", { name: "Thu hồi đề đã giao?" });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false); // nothing before confirming
    await user.click(within(dialog).getByRole("button", { name: "Thu hồi" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Chỉ có thể thu hồi đề giao trực tiếp chưa làm.",
    );
    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Thu hồi" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE" && c.path === "/api/v1/assignments/900")).toHaveLength(
      2,
    );
    expect(toasts.at(-1)?.title).toBe("Đã thu hồi đề của Đặng Minh Khoa");
  });
});
