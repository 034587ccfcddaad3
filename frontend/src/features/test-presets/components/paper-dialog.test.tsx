import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import { CLUSTERS, page, PRESET, ROUND, SUBJECTS } from "../testing/fixtures";
import PresetDetailRoute from "../routes/preset-detail";

const GENERATED = { ...PRESET, question_count: 3, max_score: 3, generated_at: "2026-11-21T01:00:00Z" };
const JOB = {
  id: "3f1c2a4e-0000-4000-8000-000000000001",
  status: "queued",
  progress: 0,
  versions: 3,
  versions_done: 0,
  language: "vi",
  seed: "5",
  file_name: "de-thi-giay-7.zip",
  download_url: null,
  error: "",
  created_at: "2026-11-29T01:00:00Z",
};
const DONE = {
  ...JOB,
  status: "done",
  progress: 100,
  versions_done: 3,
  download_url: `/api/v1/test-presets/7/paper-exports/${JOB.id}/download`,
};

function api(poll: Route) {
  return mockApi({
    "/api/v1/auth/is-authorized": ok(authorizedAs("EDUCATOR")),
    "/api/v1/subjects": ok(SUBJECTS),
    "/api/v1/matrix-clusters": ok(CLUSTERS),
    "/api/v1/rounds": ok(page([ROUND])),
    "/api/v1/test-presets/7": ok(GENERATED),
    "/api/v1/test-presets/7/form": ok([]),
    "/api/v1/test-presets/7/paper-exports": { status: 202, body: { success: true, data: JOB, message: "" } },
    [`/api/v1/test-presets/7/paper-exports/${JOB.id}`]: poll,
  });
}

const show = (language: "vi" | "en" = "vi") =>
  renderRoute("/test-preset/detail/:id", "/test-preset/detail/7", <PresetDetailRoute />, { language });

describe("print paper versions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("starts an export from the keyboard, shows its progress and downloads the .zip", async () => {
    const user = userEvent.setup();
    let polls = 0;
    const { calls, fetchMock } = api(() => (polls++ === 0 ? ok({ ...JOB, status: "running" }) : ok(DONE)));
    show();
    await user.click(await screen.findByRole("button", { name: "In đề giấy" }));
    const dialog = await screen.findByRole("dialog", { name: "In đề giấy nhiều mã đề" });
    const count = within(dialog).getByLabelText("Số mã đề");
    expect(count).toHaveValue(4);
    expect(within(dialog).getByText("Mã đề 101, 102, … — tối đa 10.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Ngôn ngữ của đề")).toHaveValue("vi");

    await user.clear(count);
    await user.type(count, "12{Enter}");
    expect(within(dialog).getByText("Chọn từ 1 đến 10 mã đề.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.clear(count);
    await user.type(count, "3{Enter}");
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
        ["/api/v1/test-presets/7/paper-exports", { versions: 3, language: "vi" }],
      ]),
    );
    const bar = await within(dialog).findByRole("progressbar", { name: "Đang chuẩn bị các mã đề" });
    expect(bar).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Tải về (.zip)" })).toBeDisabled();
    await within(dialog).findByText("Đã xong 3 mã đề.", {}, { timeout: 4000 });
    expect(bar).toHaveAttribute("aria-valuenow", "100");

    const saved: string[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(new Blob(["zip"]), {
          status: 200,
          headers: { "Content-Disposition": 'attachment; filename="de-thi-giay-7.zip"' },
        }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Tải về (.zip)" }));
    await vi.waitFor(() => expect(saved).toEqual(["de-thi-giay-7.zip"]));
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(DONE.download_url);
    click.mockRestore();
  });

  it("speaks English and prints an English paper when asked", async () => {
    const user = userEvent.setup();
    const { calls } = api(ok({ ...DONE, language: "en", file_name: "paper-versions-7.zip" }));
    show("en");
    await user.click(await screen.findByRole("button", { name: "Print paper versions" }));
    const dialog = await screen.findByRole("dialog", { name: "Print paper versions" });
    await user.selectOptions(within(dialog).getByLabelText("Language of the paper"), "en");
    await user.click(within(dialog).getByRole("button", { name: "Start" }));
    await within(dialog).findByText("3 versions are ready.");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ versions: 4, language: "en" });
  });

  it("says so when the papers could not be made", async () => {
    const user = userEvent.setup();
    api(ok({ ...JOB, status: "failed", error: "pandoc died" }));
    show();
    await user.click(await screen.findByRole("button", { name: "In đề giấy" }));
    await user.click(await screen.findByRole("button", { name: "Bắt đầu" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Không tạo được đề giấy. pandoc died");
  });
});
