import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import MatrixRoute from "./matrix";

const TOPIC = {
  id: 7,
  code: "HS",
  description: "Hàm số",
  type: "topic",
  parent_id: null,
  subject_id: null,
  position: 1,
};

describe("the matrix", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("adds a subtopic under a topic and reloads the clusters", async () => {
    let clusters = [TOPIC];
    const { calls } = mockApi({
      "/api/v1/matrix-clusters": (_url, { method, body }) => {
        if (method === "POST") {
          const added = { ...TOPIC, ...(body as object), id: 8, position: 2 };
          clusters = [...clusters, added];
          return ok(added);
        }
        return ok(clusters);
      },
    });
    renderRoute("/question-bank/matrix", "/question-bank/matrix", <MatrixRoute />);
    const subtopics = await screen.findByRole("region", { name: "Chủ đề con" });
    expect(within(subtopics).getByText("Chưa có mục nào.")).toBeInTheDocument();
    await userEvent.click(within(subtopics).getByRole("button", { name: "Thêm" }));
    const dialog = await screen.findByRole("dialog", { name: "Thêm: Chủ đề con" });
    await userEvent.type(within(dialog).getByLabelText("Mã"), "HS1");
    await userEvent.type(within(dialog).getByLabelText("Mô tả"), "Đồ thị parabol");
    await userEvent.selectOptions(within(dialog).getByLabelText("Chủ đề cha"), "7");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lưu" }));
    expect(await within(subtopics).findByText("Đồ thị parabol")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      code: "HS1",
      description: "Đồ thị parabol",
      type: "subtopic",
      parent_id: 7,
    });
  });
});
