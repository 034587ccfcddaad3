import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { authorizedAs, mockApi, ok, type Route } from "@/testing/mock-api";
import { renderRoute } from "@/testing/render-route";

import type { Attention } from "../api/get-attention";
import HomeRoute from "../routes/home";

const BUSY: Attention = {
  answers_to_grade: 3,
  running_batches: [
    {
      id: 6,
      name: "Ca mở (luyện tập)",
      preset_id: 4,
      preset_name: "Luyện tập Toán 9 - Căn thức",
      starts_at: "2026-11-28T00:00:00Z",
      expires_at: "2026-11-28T03:00:00Z", // 10:00 in Vietnam
      in_progress: 2,
    },
    {
      id: 7,
      name: "",
      preset_id: 4,
      preset_name: "Luyện tập Toán 9 - Căn thức",
      starts_at: "2026-11-28T00:00:00Z",
      expires_at: "2026-11-28T17:30:00Z", // 00:30 the next day in Vietnam
      in_progress: 0,
    },
  ],
  running_batches_total: 12,
  releases: [
    {
      preset_id: 4,
      preset_name: "Luyện tập Toán 9 - Căn thức",
      batch_id: 5,
      batch_name: "Ca sáng nay",
      count: 1,
    },
    { preset_id: 9, preset_name: "Tự luận Toán 9", batch_id: null, batch_name: null, count: 2 },
  ],
  results_to_release: 3,
  invitations: { educators: 1, learners: 2 },
};

const NOTHING: Attention = {
  answers_to_grade: 0,
  running_batches: [],
  running_batches_total: 0,
  releases: [],
  results_to_release: 0,
  invitations: { educators: 0, learners: 0 },
};

function show(attention: Route, { role = "EDUCATOR", language = "vi" } = {}) {
  const session = authorizedAs(role as "EDUCATOR" | "LEARNER");
  const api = mockApi({ "/api/v1/auth/is-authorized": ok(session), "/api/v1/home/attention": attention });
  renderRoute("/home", "/home", <HomeRoute />, { language: language as "vi" | "en" });
  return api;
}

/** The line under a batch (its test, its end, ...), whose names may sit in elements of their own. */
function line(panel: HTMLElement, text: string): HTMLElement {
  return within(panel).getByText((_, node) => node?.tagName === "SPAN" && node.textContent === text);
}

/** The panel's links as [text, address]. */
function links(panel: HTMLElement): [string, string | null][] {
  return within(panel)
    .getAllByRole("link")
    .map((link) => [link.textContent ?? "", link.getAttribute("href")]);
}

describe("the educator's needs-attention panel on /home", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says what waits, with the server's figures and Vietnam times, each linked to its page", async () => {
    show(ok(BUSY));
    const panel = await screen.findByRole("region", { name: "Cần bạn xử lý" });
    await within(panel).findByRole("heading", { level: 3, name: "Chấm bài" });
    expect(links(panel)).toEqual([
      ["3 câu trả lời đang chờ chấm", "/assignment/grading/list"],
      ["Ca mở (luyện tập)", "/assignment/batch-progress/6"],
      ["Ca 7", "/assignment/batch-progress/7"],
      ["Xem cả 12 ca đang diễn ra", "/assignment/batch-list?state=open"],
      ["Ca sáng nay", "/assignment/gradebook/batch/5"],
      ["Giao không theo ca", "/assignment/result/index?preset=9"],
      ["2 lời mời học sinh", "/learner?tab=invitations&status=pending"],
      ["1 lời mời giáo viên", "/educator?tab=invitations&status=pending"],
    ]);
    expect(
      line(panel, "Luyện tập Toán 9 - Căn thức · kết thúc lúc 10:00 28/11/2026 · 2 học sinh đang làm bài"),
    ).toBeInTheDocument();
    expect(
      line(panel, "Luyện tập Toán 9 - Căn thức · kết thúc lúc 00:30 29/11/2026 · chưa ai đang làm bài"),
    ).toBeInTheDocument();
    expect(line(panel, "Tự luận Toán 9 · 2 kết quả đã chấm, chưa công bố")).toBeInTheDocument();
    // three results wait and all three are listed: no "see all"
    expect(within(panel).queryByText(/Xem cả \d+ kết quả/)).toBeNull();
    expect(
      within(panel)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Chấm bài", "Ca thi đang diễn ra", "Kết quả chờ công bố", "Lời mời đang chờ"]);
  });

  it("speaks English, with English times and plurals", async () => {
    show(ok({ ...BUSY, answers_to_grade: 1, results_to_release: 7 }), { language: "en" });
    const panel = await screen.findByRole("region", { name: "Needs your attention" });
    expect(await within(panel).findByRole("link", { name: "1 answer waits for a score" })).toHaveAttribute(
      "href",
      "/assignment/grading/list",
    );
    expect(
      line(panel, "Luyện tập Toán 9 - Căn thức · ends 28 Nov 2026, 10:00 · 2 learners in the test"),
    ).toBeInTheDocument();
    expect(line(panel, "Luyện tập Toán 9 - Căn thức · 1 graded result not released")).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "See all 7 results waiting" })).toHaveAttribute(
      "href",
      "/assignment/result/index",
    );
    expect(within(panel).getByRole("link", { name: "1 educator invitation" })).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "Assigned without a batch" })).toBeInTheDocument();
    // batch and test names are Vietnamese content on an English page
    expect(within(panel).getByText("Ca sáng nay")).toHaveAttribute("lang", "vi");
  });

  it("says nothing needs the educator, in both languages", async () => {
    show(ok(NOTHING));
    const panel = await screen.findByRole("region", { name: "Cần bạn xử lý" });
    expect(await within(panel).findByText("Hiện không có việc gì cần bạn xử lý.")).toBeInTheDocument();
    expect(within(panel).queryAllByRole("link")).toEqual([]);
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
    show(ok({ ...NOTHING, invitations: null }), { language: "en" });
    expect(await screen.findByText("Nothing needs you now.")).toBeInTheDocument();
  });

  it("leaves out invitations for educators who are not admins (the server sends none)", async () => {
    show(ok({ ...BUSY, invitations: null }));
    const panel = await screen.findByRole("region", { name: "Cần bạn xử lý" });
    await within(panel).findByText("3 câu trả lời đang chờ chấm");
    expect(within(panel).queryByRole("heading", { name: "Lời mời đang chờ" })).toBeNull();
  });

  it("shows the loading state, then a failure with Try again that reads once more", async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { fetchMock } = show(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { success: false, message: "Lỗi máy chủ." } } : ok(NOTHING);
    });
    const panel = await screen.findByRole("region", { name: "Cần bạn xử lý" });
    expect(within(panel).getByRole("status")).toHaveTextContent("Đang tải…");
    expect(await within(panel).findByRole("alert")).toHaveTextContent(
      "Không tải được những việc cần bạn xử lý.",
    );
    await user.click(within(panel).getByRole("button", { name: "Thử lại" }));
    expect(await within(panel).findByText("Hiện không có việc gì cần bạn xử lý.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/home/attention"))).toHaveLength(2);
  });

  it("is reached from the keyboard: Tab goes through its links in reading order", async () => {
    const user = userEvent.setup();
    show(ok({ ...NOTHING, answers_to_grade: 2, releases: BUSY.releases.slice(0, 1), results_to_release: 1 }));
    const grading = await screen.findByRole("link", { name: "2 câu trả lời đang chờ chấm" });
    const release = screen.getByRole("link", { name: "Ca sáng nay" });
    grading.focus();
    await user.tab();
    expect(release).toHaveFocus();
  });

  it("is not shown to learners, who are not asked for it", async () => {
    const { calls } = show(ok(BUSY), { role: "LEARNER" });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Cần bạn xử lý" })).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/api/v1/home/attention"))).toBe(false);
  });

  it("puts every /assignment page the educator starts from one click away", async () => {
    show(ok(NOTHING));
    await screen.findByText("Hiện không có việc gì cần bạn xử lý.");
    for (const [name, href] of [
      ["Giao đề", "/assignment"],
      ["Chấm bài", "/assignment/grading/list"],
      ["Kết quả thi", "/assignment/result/index"],
    ])
      expect(screen.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
  });
});
