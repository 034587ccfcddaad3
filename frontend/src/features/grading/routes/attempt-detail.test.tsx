import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { mockApi, ok } from "@/testing/mock-api";

import { ATTEMPT } from "../testing/fixtures";
import { renderRoute } from "@/testing/render-route";
import AttemptDetailRoute from "./attempt-detail";

const PATTERN = "/assignment/result/:attemptId";

describe("attempt detail", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the score, answers against the key, the integrity log and the video", async () => {
    mockApi({ "/api/v1/attempts/71": ok(ATTEMPT) });
    renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />, {
      language: "en",
    });
    expect(await screen.findByRole("heading", { name: "Trần Minh Khoa" })).toBeInTheDocument();
    expect(screen.getByText("Voided")).toBeInTheDocument();
    const log = screen.getByRole("region", { name: "Integrity log" });
    expect(within(log).getByText("Left the test tab")).toBeInTheDocument();
    expect(within(log).getByText("Paste blocked")).toBeInTheDocument();
    expect(within(log).getByText("Result voided")).toBeInTheDocument();
    const video = screen.getByLabelText("Surroundings video", { selector: "video" });
    expect(video).toHaveAttribute("src", ATTEMPT.video_url);
    expect(video).toHaveAttribute("preload", "none"); // fetched (and logged) only when played
    expect(
      screen.getByText(
        "Each play is recorded in the organization's access log; the learner sees who viewed their video.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("learner's choice")).toBeInTheDocument();
    expect(screen.getByText("1.5/2")).toBeInTheDocument();
    expect(screen.getByText("Thiếu giải thích")).toBeInTheDocument();
  });

  it("says why an attempt a withdrawal of consent ended, in both languages (issue 37, item 6)", async () => {
    const ended = { ...ATTEMPT, voided: false, submit_reason: "consent_withdrawn" };
    mockApi({ "/api/v1/attempts/71": ok(ended) });
    const { unmount } = renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />, {
      language: "en",
    });
    expect(
      await screen.findByText(
        "The test was ended when the consent to process the learner's data was withdrawn (by the learner or a parent). What the learner had saved was submitted; nothing after that was accepted.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Consent withdrawn")).toBeInTheDocument();
    expect(screen.getByText("Ended: consent was withdrawn")).toBeInTheDocument();
    unmount();
    mockApi({ "/api/v1/attempts/71": ok(ended) });
    renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />);
    expect(await screen.findByText("Đã rút lại đồng ý")).toBeInTheDocument();
    expect(screen.getByText("Đã kết thúc: sự đồng ý bị rút lại")).toBeInTheDocument();
  });

  it("says the video was deleted under the retention policy, with the date in Vietnam time", async () => {
    mockApi({
      "/api/v1/attempts/71": ok({
        ...ATTEMPT,
        video_url: null,
        video_deleted_at: "2026-11-26T19:30:00Z",
        video_deleted_reason: "retention",
      }),
    });
    renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />);
    expect(await screen.findByText("Video đã bị xoá theo chính sách lưu giữ")).toBeInTheDocument();
    expect(screen.getByText("Xoá lúc 02:30 27/11/2026")).toBeInTheDocument();
    expect(
      screen.queryByLabelText("Video môi trường xung quanh", { selector: "video" }),
    ).not.toBeInTheDocument();
  });

  it("says so in English, and a video deleted at the learner's request", async () => {
    mockApi({
      "/api/v1/attempts/71": ok({
        ...ATTEMPT,
        video_url: null,
        video_deleted_at: "2026-11-26T19:30:00Z",
        video_deleted_reason: "request",
      }),
    });
    renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />, { language: "en" });
    expect(await screen.findByText("Deleted at the learner's request")).toBeInTheDocument();
    expect(screen.getByText("Deleted on 27 Nov 2026, 02:30")).toBeInTheDocument();
  });

  it("reinstates a voided result only with a reason", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "/api/v1/attempts/71": ok(ATTEMPT),
      "/api/v1/attempts/71/reinstate": ok({ ...ATTEMPT, voided: false }),
    });
    renderRoute(PATTERN, "/assignment/result/71", <AttemptDetailRoute />, { language: "en" });
    await user.click(await screen.findByRole("button", { name: "Reinstate" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Reinstate" }));
    expect(await within(dialog).findByText("Give the reason for reinstating.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText(/Reason/), "Mất điện, đã xác minh");
    await user.click(within(dialog).getByRole("button", { name: "Reinstate" }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        path: "/api/v1/attempts/71/reinstate",
        body: { reason: "Mất điện, đã xác minh" },
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
